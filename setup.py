"""Only the optional C core; everything else is in pyproject.toml.

`optional=True`: without a C compiler the install still succeeds and the
pure-Python engine plays (mancala.engine.fast.make_fast returns None), and the
exact solver uses its pure-Python search (mancala.ai.solver).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "mancala.engine._fastcore",
            sources=["shared/engine/_fastcore.c"],
            depends=["shared/engine/mancala_core.h"],
            optional=True,
        ),
        Extension(
            "mancala.ai._solver",
            sources=["shared/ai/_solver.c"],
            depends=["shared/engine/mancala_core.h"],
            optional=True,
        ),
    ]
)
