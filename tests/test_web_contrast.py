"""The pot's words over the felt: the WCAG contrast of the pot's text at every stop of the felt's
gradient, read from the page's own style sheet (``tests/test_browser_table.py`` checks the colours the
browser computes as well). The pot sits over the whole gradient, so its lightest stop counts."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Dict, List, Tuple

import bragrules.web
from tests.web_checks import WCAG_AA, contrast

CSS = Path(bragrules.web.__file__).parent / "static" / "table.css"


def rgb(colour: str) -> Tuple[float, float, float]:
    """``#2c7a4b`` (or ``#fff``) as its three channels.

    >>> rgb("#fff"), rgb("#2c7a4b")
    ((255.0, 255.0, 255.0), (44.0, 122.0, 75.0))
    """
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    r, g, b = (float(int(digits[i:i + 2], 16)) for i in (0, 2, 4))
    return r, g, b


def declarations(css: str, selector: str) -> Dict[str, str]:
    """The declarations of every rule whose selector is exactly ``selector`` (later ones win)."""
    found: Dict[str, str] = {}
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        if selector in (s.strip() for s in selectors.split(",")):
            for name, value in re.findall(r"([\w-]+)\s*:\s*([^;]+)", body):
                found[name.strip()] = value.strip()
    return found


def gradient_stops(value: str, variables: Dict[str, str]) -> List[Tuple[float, float, float]]:
    """The colours of a gradient's stops, ``var(--felt)`` read from ``variables``."""
    stops = re.findall(r"(#[0-9a-fA-F]{3,6}|var\(--[\w-]+\))\s+[\d.]+%", value)
    return [rgb(variables[s[6:-1]] if s.startswith("var(") else s) for s in stops]


def test_the_pots_text_keeps_its_contrast_over_every_stop_of_the_felt() -> None:
    css = CSS.read_text(encoding="utf-8")
    variables = {name[2:]: value for name, value in declarations(css, ":root").items()}
    pot = declarations(css, "#pot").get("color") or declarations(css, "body")["color"]  # inherited from the page
    felt = declarations(css, "#felt")["background"]
    stops = gradient_stops(felt, variables)
    assert felt.startswith("radial-gradient") and len(stops) >= 2, felt
    ratios = [contrast(rgb(pot), stop) for stop in stops]
    assert min(ratios) >= WCAG_AA, (pot, felt, ratios)
    # the check can fail: a lighter centre to the felt would leave the pot's words too faint to read
    lighter = gradient_stops(re.sub(r"#[0-9a-fA-F]{6}", "#5fb07f", felt, count=1), variables)
    assert min(contrast(rgb(pot), stop) for stop in lighter) < WCAG_AA
