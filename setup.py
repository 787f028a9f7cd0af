"""Builds the compiled fast paths (`warroom.fast`); everything else is in pyproject.toml.

The extensions are optional: without a C compiler the package still installs and every
mode plays through the Python rules, only slower. `-ffp-contract=off` keeps the compiler
from fusing multiply-adds, so the bots' float scores round exactly as in Python.
"""

from setuptools import Extension, setup

FLAGS = ["-O2", "-std=c11", "-ffp-contract=off", "-Wall"]

setup(
    ext_modules=[
        Extension(
            f"warroom.fast.{name}",
            sources=[f"src/warroom/fast/{name}.c"],
            depends=["src/warroom/fast/rng.h"],
            extra_compile_args=FLAGS,
            optional=True,
        )
        for name in ("_risk_classic", "_monopoly_avengers")
    ]
)
