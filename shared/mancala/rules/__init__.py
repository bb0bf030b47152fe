"""Variant model: enums by name, the pydantic variant, constraints and loading."""
