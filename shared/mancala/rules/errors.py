"""Typed errors of the rules layer: every one names the parameters involved."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Violation:
    """One broken rule of a variant: which parameters, which rule, in words."""

    params: tuple[str, ...]
    rule: str
    message: str

    def __str__(self) -> str:
        return f"{', '.join(self.params)}: {self.message} [{self.rule}]"


class VariantError(ValueError):
    """A variant that cannot be played: all its violations at once."""

    def __init__(self, violations: list[Violation]) -> None:
        self.violations = violations
        super().__init__("; ".join(str(v) for v in violations))

    def __reduce__(self) -> tuple[type[VariantError], tuple[list[Violation]]]:
        # rebuilt from its violations (not its message) when it crosses a process boundary
        return (VariantError, (self.violations,))

    @property
    def params(self) -> list[str]:
        return sorted({p for v in self.violations for p in v.params})
