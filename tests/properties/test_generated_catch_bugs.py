"""Breaking one rule's behaviour is caught on composed variants, even where no registered variant would see it.

Each test breaks the engine's side of one rule on purpose (the reference in ``tests/reference.py`` is left
alone) and lets Hypothesis search the variants composed from the catalogue for a game where the engine and the
reference disagree. Finding one proves the differential test of ``test_generated_variants.py`` would fail.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, Phase, find, settings
from hypothesis import strategies as st

from maumau_rules.families.maumau import effects
from maumau_rules.families.maumau import rules as catalog
from maumau_rules.families.maumau.plan import PlanBuilder
from maumau_rules.families.maumau.turn import Turn
from maumau_rules.testing.strategies import composed_variants
from maumau_rules.variants import Variant

from .test_generated_variants import play_against_the_reference

Breaker = Callable[[pytest.MonkeyPatch], None]


def _ignore_two_player_again(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(effects.ReverseDirection, "passing", lambda self, turn: turn.reverse(False))


def _skips_never_passable(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(effects.SkipNext, "passing", lambda self, turn: turn.skip(1, False))


def _no_cancel(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(effects.CancelDraw, "played", lambda self, turn: None)


def _wild_on_same_ignored(mp: pytest.MonkeyPatch) -> None:
    real = catalog.Wild.contribute

    def contribute(self: catalog.Wild, plan: PlanBuilder) -> None:
        real(self.__class__(wilds=self.wilds, on_same=False, on_pending_draw=self.on_pending_draw,
                            blocked_after=self.blocked_after, may_wish_own_suit=self.may_wish_own_suit), plan)

    mp.setattr(catalog.Wild, "contribute", contribute)


def _final_effects_dropped(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(catalog.FinalCardEffects, "contribute", lambda self, plan: plan.claim("final_effects", self.rule_id))


def _drawn_once_only(mp: pytest.MonkeyPatch) -> None:
    real = catalog.DrawRule.contribute

    def contribute(self: catalog.DrawRule, plan: PlanBuilder) -> None:
        real(self.__class__(voluntary=self.voluntary, after_draw=self.after_draw,
                            pass_without_draw=self.pass_without_draw, until_playable=False), plan)

    mp.setattr(catalog.DrawRule, "contribute", contribute)


def _series_never(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(catalog.Series, "contribute", lambda self, plan: plan.claim("series", self.rule_id))


def _play_again_can_finish(mp: pytest.MonkeyPatch) -> None:
    real = catalog.PlayAgain.contribute

    def contribute(self: catalog.PlayAgain, plan: PlanBuilder) -> None:
        before = len(plan.finish_checks)
        real(self, plan)
        del plan.finish_checks[before:]  # its "no win on a play-again card" check (none with last_card = "wins")

    mp.setattr(catalog.PlayAgain, "contribute", contribute)


def _previous_is_next(mp: pytest.MonkeyPatch) -> None:
    real = effects.DrawCards.played

    def played(self: effects.DrawCards, turn: Turn) -> None:
        real(self if self.who != "previous" else effects.DrawCards(amount=self.amount, who="next"), turn)

    mp.setattr(effects.DrawCards, "played", played)


BREAKS: dict[str, tuple[str, Breaker, tuple[int, int]]] = {
    # (the rule, how its behaviour is broken, the player counts where the break can show)
    "reverse-two-player": ("R_REVERSE", _ignore_two_player_again, (2, 2)),  # a rule of two players only
    "passable-skip": ("R_SKIP", _skips_never_passable, (2, 5)),
    "cancel": ("R_DRAW_PENALTY", _no_cancel, (2, 5)),
    "wild-on-same": ("R_WILD", _wild_on_same_ignored, (2, 5)),
    "final-card-effects": ("R_FINAL_CARD_EFFECTS", _final_effects_dropped, (2, 5)),
    "draw-until-playable": ("R_DRAW", _drawn_once_only, (2, 5)),
    "series": ("R_SERIES", _series_never, (2, 5)),
    "play-again-finish": ("R_PLAY_AGAIN", _play_again_can_finish, (2, 5)),
    "penalty-target": ("R_DRAW_PENALTY", _previous_is_next, (3, 5)),  # with two players the previous is the next
}


@pytest.mark.slow(seconds=5)
@pytest.mark.parametrize("name", sorted(BREAKS))
def test_a_broken_rule_is_found_on_composed_variants(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rule_id, breaker, (fewest, most) = BREAKS[name]
    breaker(monkeypatch)

    def disagrees(case: tuple[Variant, int, int]) -> bool:
        variant, seed, players = case
        try:
            play_against_the_reference(variant, min(max(players, variant.players[0]), variant.players[1]), seed,
                                       steps=100, eager=seed % 2 == 0)
        except AssertionError:
            return True
        return False

    found = find(st.tuples(composed_variants(with_rules=(rule_id,)), st.integers(0, 2**16), st.integers(fewest, most)),
                 disagrees, settings=settings(max_examples=1500, database=None, derandomize=True,
                                              phases=[Phase.generate], suppress_health_check=list(HealthCheck)))
    assert found[0].rule(rule_id) is not None
