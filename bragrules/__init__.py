"""bragrules: the rules of Brag as data, compiled into an exact engine."""


def build_kind() -> str:
    """``"compiled"`` when the engine's modules are mypyc-compiled extensions, else ``"pure Python"``.

    See ``setup.py``: ``BRAGRULES_COMPILE=1 pip install .`` gives the compiled build.

    >>> build_kind() in ("compiled", "pure Python")
    True
    """
    from importlib.util import find_spec

    spec = find_spec("bragrules.engine.deal")
    origin = spec.origin if spec is not None else None
    return "pure Python" if origin is None or origin.endswith(".py") else "compiled"
