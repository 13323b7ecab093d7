"""Graded colour evidence: which of several boards that fit what was seen the colours favour.

A camera that cannot tell two pale tinted marbles apart for sure still sees which of them is a little
bluer. When the sure evidence (occupancy, and the colours read for sure) leaves several boards (a
Jack's swap between two such marbles, or the board unchanged), the colours seen at the unsure holes are
weighed: each board is scored by how well the seats it puts there explain what was seen, and one is
chosen only when it leads every other board by :data:`COLOUR_MARGIN`. Otherwise nothing is chosen and
the players are asked.

The evidence is plain data (place -> seat -> log-likelihood), so the engine never depends on how a
camera measures colours.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

ColourEvidence = Mapping[str, Mapping[str, float]]
"""Place -> seat letter -> log-likelihood (natural log) that the marble seen there is that seat's: only
differences between seats at one place matter."""

COLOUR_MARGIN = 12.0
"""Least lead, in log-likelihood, of the board chosen over every other board that fits.

Set from the photoreal set-ups of the looked-at seeds (2000-2003) and the committed tuning frames: on
every frame read (clear boards, and hands coming and going), and on the stabiliser's readings, a Jack's
swap was simulated between every two marbles of unsure colour and different seats, the true board held
against the board before it and every other such swap from there (26 207 cases). A wrong board led the
true one by 9.1 at most (74 cases by 8 or more, none by 10), all clear glass under a desk lamp; 12
leaves a third more. True boards that lead by 12 are mostly tinted glass with a cat's eye, milky
glass, pegs and wood; of clear glass, 1 in 100.

Held again when the camera's evidence came to weigh each seat by a marble's hue (see
:mod:`vision.colour_evidence`), on the still boards of the looked-at photoreal set-ups (318 four-seat of
seeds 2006 and 2042 to 2063, 100 six-seat of 2067 to 2071; 38,017 swaps, each true board against the
same board with its two marbles swapped): a wrong board led by 8.6 at
most (by 41.3 before, blue and purple on the six-seat board), the true board by 12 or more in 69 %."""


@dataclass(frozen=True)
class Favoured:
    """The board the colours favour."""

    index: int
    """Its index in the boards weighed."""
    lead: float
    """Its log-likelihood over the next best board's."""


def favoured(
    boards: Sequence[Mapping[str, str]],
    places: Collection[str],
    colours: ColourEvidence,
    margin: float = COLOUR_MARGIN,
) -> Favoured | None:
    """The board of ``boards`` (place -> seat letter) whose seats at ``places`` (holes of unsure colour)
    the ``colours`` favour over every other board by at least ``margin``, or None.

    Only places where the boards differ weigh; a board is never chosen when one of them lacks the
    evidence of a seat it would need there (nothing is known of that seat's colour), nor when two
    boards put the same seats there.
    """
    if len(boards) < 2:
        return None
    scores = [0.0] * len(boards)
    for place in places:
        seats = [board.get(place) for board in boards]
        if len(set(seats)) == 1:
            continue
        evidence = colours.get(place, {})
        if any(seat is None or seat not in evidence for seat in seats):
            return None
        for i, seat in enumerate(seats):
            assert seat is not None
            scores[i] += evidence[seat]
    ranked = sorted(range(len(boards)), key=lambda i: scores[i], reverse=True)
    lead = scores[ranked[0]] - scores[ranked[1]]
    return Favoured(ranked[0], lead) if lead > 0 and lead >= margin else None
