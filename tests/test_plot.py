"""--plot: the figures show the report's own numbers (read back from the figure), and the extra is optional."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Dict, List

import pytest

from .helpers import rules_for, run_cli

try:
    import matplotlib  # noqa: F401

    HAVE_MATPLOTLIB = True
except ImportError:  # pragma: no cover - the plot extra is absent
    HAVE_MATPLOTLIB = False

needs_matplotlib = pytest.mark.skipif(not HAVE_MATPLOTLIB, reason="the plot extra (matplotlib) is not installed")


def _errorbar_ends(container: Any) -> List[float]:
    """low, high, low, high... of the error bars of a bar group (or of an errorbar container)."""
    bars = getattr(container, "errorbar", None) or container
    segments = bars.lines[2][0].get_segments()
    return [float(end) for seg in segments for end in (seg[0][1], seg[1][1])]


@needs_matplotlib
def test_the_simulation_figure_shows_the_reports_numbers() -> None:
    from bragrules.analysis.measures import intervals
    from bragrules.analysis.plot import read_bars, simulation_figure
    from bragrules.play.simulate import simulate

    report = simulate(rules_for("standard"), players=4, hands=600, seed=2)
    found = intervals(report)
    figure = simulation_figure(report)
    net_ax, pot_ax, end_ax = figure.axes
    (label, _, heights), = read_bars(net_ax)
    styles = [r.style for r in report.styles()]
    assert label == "net_per_deal"
    assert heights == pytest.approx([float(r.net_per_deal) for r in report.styles()])
    assert [t.get_text() for t in net_ax.get_xticklabels()] == styles
    ends = _errorbar_ends(net_ax.containers[0])
    assert ends == pytest.approx([end for s in styles for end in (found[f"net_per_deal:{s}"].low,
                                                                 found[f"net_per_deal:{s}"].high)])

    (_, xs, counts), = read_bars(pot_ax)
    pots = sorted(report.tally.pot_sizes.items())
    assert xs == pytest.approx([float(p) for p, _ in pots]) and counts == [c for _, c in pots]
    assert sum(counts) == report.deals

    (_, _, shares), = read_bars(end_ax)
    t = report.tally
    assert shares == pytest.approx([t.showdowns / t.deals, t.folded_out / t.deals, t.carried / t.deals,
                                    t.split / t.deals])
    assert _errorbar_ends(end_ax.containers[0])[:2] == pytest.approx([found["showdown"].low, found["showdown"].high])


@pytest.fixture(scope="module")
def measured() -> List[Dict[str, Any]]:
    from bragrules.analysis.impact import measure_impact
    from bragrules.explainers.diff import compare_refs

    return measure_impact(compare_refs(["standard", "casual", "house"]), hands=500, players=3, seed=1)


SHARES = ["showdown", "folded_out", "carried", "split", "blind_won"]
MEANS = ["average_pot", "actions_per_deal", "blind_net"]


@needs_matplotlib
def test_the_impact_figure_shows_the_rows_and_their_differences(measured: List[Dict[str, Any]]) -> None:
    from bragrules.analysis.plot import impact_figure, read_bars

    figure = impact_figure(measured)
    tops, bottoms = figure.axes[0::2], figure.axes[1::2]
    drawn = {label: heights for label, _, heights in read_bars(tops[0])}
    assert set(drawn) == {"standard", "casual", "house"}
    for row in measured:  # shares in percent, as the text writes them
        assert drawn[row["profile"]] == pytest.approx([100 * row["intervals"][k]["estimate"] for k in SHARES])
    for ax, key in zip(tops[1:], MEANS):  # each mean on an axis of its own
        drawn = {label: heights for label, _, heights in read_bars(ax)}
        for row in measured:
            assert drawn[row["profile"]] == pytest.approx([row["intervals"][key]["estimate"]])
    for p, row in enumerate(measured[1:]):
        versus = row["versus_first"]
        points = bottoms[0].containers[p]
        assert list(points.lines[0].get_ydata()) == pytest.approx([100 * versus[k]["estimate"] for k in SHARES])
        assert _errorbar_ends(points) == pytest.approx(
            [100 * end for k in SHARES for end in (versus[k]["low"], versus[k]["high"])])
        for ax, key in zip(bottoms[1:], MEANS):
            assert list(ax.containers[p].lines[0].get_ydata()) == pytest.approx([versus[key]["estimate"]])


@needs_matplotlib
def test_each_panel_says_what_it_shows_in_the_units_of_the_text(measured: List[Dict[str, Any]]) -> None:
    from bragrules.analysis.plot import impact_figure

    figure = impact_figure(measured)
    tops, bottoms = figure.axes[0::2], figure.axes[1::2]
    assert [ax.get_title() for ax in tops] == ["how pots are won", "average pot", "actions per deal",
                                               "net per blind hand"]
    assert [ax.get_ylabel() for ax in tops] == ["% of deals", "money per deal", "actions per deal",
                                                "money per hand played blind"]
    assert tops[0].get_ylim() == (0, 100)
    assert bottoms[0].get_ylabel() == "percentage points" and all(ax.get_title() == "minus standard" for ax in bottoms)
    for ax, count in zip(figure.axes, [5, 5, 1, 1, 1, 1, 1, 1]):  # one named tick a measure, no empty room around
        labels = [t.get_text() for t in ax.get_xticklabels()]
        assert len(labels) == count and all(labels)
        assert ax.get_xlim() == pytest.approx((-0.5, count - 0.5))


@needs_matplotlib
def test_the_differences_that_are_not_noise_are_starred(measured: List[Dict[str, Any]]) -> None:
    from bragrules.analysis.plot import NOT_NOISE, impact_figure

    figure = impact_figure(measured)
    bottoms = figure.axes[1::2]
    starred = sorted(round(float(y), 6) for ax in bottoms for line in ax.get_lines() if line.get_gid() == "not-noise"
                     for y in line.get_ydata())
    wanted = sorted(round((100 if k in SHARES else 1) * row["versus_first"][k]["estimate"], 6)
                    for row in measured[1:] for k in SHARES + MEANS if row["versus_first"][k]["distinguishable"])
    assert wanted and starred == pytest.approx(wanted)
    legend = bottoms[0].get_legend()
    assert legend is not None and NOT_NOISE in [t.get_text() for t in legend.get_texts()]


@needs_matplotlib
@pytest.mark.parametrize("suffix,magic", [(".png", b"\x89PNG"), (".svg", b"<?xml")])
def test_simulate_plot_writes_the_file_and_the_same_report(capsys, monkeypatch, tmp_path: Path, suffix: str,
                                                           magic: bytes) -> None:
    target = tmp_path / f"sim{suffix}"
    args = ["simulate", "--hands", "60", "--seed", "4", "--players", "3", "--json"]
    code, out, err = run_cli(capsys, monkeypatch, *args, "--plot", str(target))
    assert code == 0, err
    assert target.read_bytes().startswith(magic)
    code, plain, err = run_cli(capsys, monkeypatch, *args)
    assert json.loads(out) == json.loads(plain)  # drawing changes nothing reported


@needs_matplotlib
def test_diff_impact_plot_writes_the_file(capsys, monkeypatch, tmp_path: Path) -> None:
    target = tmp_path / "impact.svg"
    code, out, err = run_cli(capsys, monkeypatch, "diff", "standard", "casual", "--impact", "60", "--players", "3",
                             "--plot", str(target))
    assert code == 1, err
    assert "casual minus standard" in target.read_text(encoding="utf-8")


@needs_matplotlib
def test_names_are_drawn_as_text_not_mathtext() -> None:
    from matplotlib.text import Text

    from bragrules.analysis.plot import impact_figure

    rows: List[Dict[str, Any]] = [
        {"profile": "$\\frac{a}{b}$\x1b[2J", "hands": 1, "seed": 1, "intervals": {}},
        {"profile": "b$", "hands": 1, "seed": 1, "intervals": {}, "versus_first": {}},
    ]
    figure = impact_figure(rows)
    texts = [t for t in figure.findobj(Text) if "frac" in t.get_text()]
    assert texts and all(not t.get_parse_math() and "\x1b" not in t.get_text() for t in texts)
    figure.savefig(__import__("io").BytesIO(), format="png")  # mathtext would fail on the lone $


def test_a_missing_plot_extra_is_one_line_naming_it(capsys, monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import fails
    code, out, err = run_cli(capsys, monkeypatch, "simulate", "--hands", "10", "--plot", str(tmp_path / "x.png"))
    assert code == 2 and out == ""
    assert err.strip() == "error: plots need matplotlib: pip install 'bragrules[plot]'"


def test_a_plot_into_a_missing_folder_is_refused_before_playing(capsys, monkeypatch, tmp_path: Path) -> None:
    code, out, err = run_cli(capsys, monkeypatch, "simulate", "--hands", "10",
                             "--plot", str(tmp_path / "nowhere" / "x.png"))
    assert code == 2 and "no folder" in err and len(err.strip().splitlines()) == 1


def _cut_labels(figure: Any) -> List[Any]:
    """The labels of a figure that cannot be read whole: a text beyond the figure's edge, a panel's title
    wider than the panel (over its neighbour's), tick labels overlapping. Tick labels of ticks outside an
    axis's range are not drawn, so not counted."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.text import Text

    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    renderer = canvas.get_renderer()
    undrawn = set()
    for ax in figure.axes:
        for axis, limits in ((ax.xaxis, ax.get_xlim()), (ax.yaxis, ax.get_ylim())):
            low, high = sorted(limits)
            undrawn |= {id(label) for tick in axis.get_major_ticks() if not low - 1e-9 <= tick.get_loc() <= high + 1e-9
                        for label in (tick.label1, tick.label2)}
    edge, found = figure.bbox, []
    for text in figure.findobj(Text):
        if text.get_visible() and text.get_text().strip() and id(text) not in undrawn:
            box = text.get_window_extent(renderer)
            if box.x0 < edge.x0 - 0.5 or box.x1 > edge.x1 + 0.5 or box.y0 < edge.y0 - 0.5 or box.y1 > edge.y1 + 0.5:
                found.append(("beyond the edge", text.get_text()))
    for ax in figure.axes:
        panel, title = ax.get_window_extent(renderer), ax.title.get_window_extent(renderer)
        if ax.title.get_text() and title.width > panel.width + 60:
            found.append(("wider than its panel", ax.title.get_text()))
        ticks = [t.get_window_extent(renderer) for t in ax.get_xticklabels() if t.get_text() and id(t) not in undrawn]
        found += [("overlapping ticks", ax.get_title()) for a, b in zip(ticks, ticks[1:]) if a.x1 > b.x0 + 0.5]
    return found


@needs_matplotlib
def test_no_label_is_cut_even_for_a_long_profile_name(measured: List[Dict[str, Any]]) -> None:
    import dataclasses

    from bragrules.analysis.plot import impact_figure, simulation_figure
    from bragrules.play.simulate import simulate

    long = "a-house-profile-with-a-long-name"
    assert _cut_labels(impact_figure(measured)) == []
    renamed = [{**row, "profile": f"{row['profile']}-{long}"} for row in measured]
    assert _cut_labels(impact_figure(renamed)) == []
    report = simulate(rules_for("standard"), players=6, hands=300, seed=2)
    assert _cut_labels(simulation_figure(report)) == []
    assert _cut_labels(simulation_figure(dataclasses.replace(report, profile=f"{long}-" * 5))) == []
