"""Mancala: one rules engine for the mancala family, its server and clients."""

__version__ = "0.1.0"
