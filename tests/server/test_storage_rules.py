"""The SQLite storage port's rules that the contract suite (tests/storage) leaves open,
each written from a mutant that survived it (docs/mutation.md)."""
