package io.rayon.engine.rush;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.engine.plugin.Options;
import io.rayon.engine.rush.OnionPeeling.TieRule;
import io.rayon.model.rush.UtilityFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The tie rule of onion peeling: its option, its bound, and its search. */
class OnionPeelingTieRuleTest {

  /** k identical jobs on one container: every layer until the last is a tie of all of them. */
  static List<OnionPeeling.Job> identical(int k) {
    List<OnionPeeling.Job> jobs = new ArrayList<>();
    for (int i = 0; i < k; i++)
      jobs.add(new OnionPeeling.Job(new UtilityFunction.Linear(5, 0.05, 20), 0, 10, 0));
    return jobs;
  }

  @Test
  void bestSearchesSmallTiesAndFallsBackToFirstBeyondTheBound() {
    OnionPeeling.Result first =
        OnionPeeling.solve(0, 1, new double[0], identical(3), 1e-6, TieRule.FIRST);
    OnionPeeling.Result best =
        OnionPeeling.solve(0, 1, new double[0], identical(3), 1e-6, TieRule.BEST);
    assertThat(first.ties()).isPositive();
    assertThat(first.tiesDecidedFirst()).isEqualTo(first.ties());
    assertThat(best.ties()).isPositive();
    assertThat(best.tiesDecidedFirst()).as("ties of 3 jobs are searched").isZero();
    // symmetric jobs: every choice gives the same vector, and the search keeps the first
    assertThat(best.level()).containsExactly(first.level());
    assertThat(best.targetCompletion()).containsExactly(first.targetCompletion());

    int big = OnionPeeling.BEST_MAX_TIED + 1;
    OnionPeeling.Result bigFirst =
        OnionPeeling.solve(0, 1, new double[0], identical(big), 1e-6, TieRule.FIRST);
    OnionPeeling.Result bigBest =
        OnionPeeling.solve(0, 1, new double[0], identical(big), 1e-6, TieRule.BEST);
    assertThat(bigBest.tiesDecidedFirst())
        .as("the tie of %d jobs exceeds the bound", big)
        .isPositive();
    assertThat(bigBest.level()).containsExactly(bigFirst.level());
    assertThat(bigBest.targetCompletion()).containsExactly(bigFirst.targetCompletion());
  }

  @Test
  void theDefaultIsTheFirstRuleBitForBit() {
    OnionPeeling.Result byDefault = OnionPeeling.solve(0, 1, new double[0], identical(4), 1e-6);
    OnionPeeling.Result first =
        OnionPeeling.solve(0, 1, new double[0], identical(4), 1e-6, TieRule.FIRST);
    assertThat(byDefault.level()).containsExactly(first.level());
    assertThat(byDefault.targetCompletion()).containsExactly(first.targetCompletion());
    assertThat(RushOptions.PAPER.tieRule()).isEqualTo(TieRule.FIRST);
  }

  @Test
  void theOptionTieRuleIsReadAndChecked() {
    RushOptions o =
        RushOptions.from(Options.parse("rush", RushOptions.specs(), Map.of("tie-rule", "best")));
    assertThat(o.tieRule()).isEqualTo(TieRule.BEST);
    assertThat(o.describe()).endsWith("tie-rule=best");
    assertThatThrownBy(
            () -> Options.parse("rush", RushOptions.specs(), Map.of("tie-rule", "random")))
        .hasMessageContaining("tie-rule");
    assertThatThrownBy(() -> RushOptions.tieRule("worst"))
        .hasMessageContaining("tie-rule")
        .hasMessageContaining("first, best");
    assertThatThrownBy(() -> new RushOptions(0.9, 0.7, "gaussian", 1000, 1e-4, null))
        .hasMessageContaining("tie-rule");
  }
}
