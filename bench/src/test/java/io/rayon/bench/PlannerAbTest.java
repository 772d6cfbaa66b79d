package io.rayon.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * {@link PlannerAb}: two sides in their own class loaders run the same workload, their decisions
 * compared by fingerprint. Both sides here are this build (so they must decide the same); the
 * durations are tiny, and nothing is asserted about speed.
 */
class PlannerAbTest {
  private static final String[] QUICK_II = {"--workloads", "ii", "--quick"};

  @Test
  void twoSidesOfTheSameBuildDecideTheSameAndBothAreTimed() throws Exception {
    // surefire runs the tests from a manifest-only jar; the whole class path is in this property
    String cp =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    PlannerAb.Side a = PlannerAb.side(cp, QUICK_II);
    PlannerAb.Side b = PlannerAb.side(cp, QUICK_II);
    // each side's classes are its own: the same name, another class
    assertThat(a.run().getDeclaringClass()).isNotSameAs(b.run().getDeclaringClass());
    assertThat(a.run().getDeclaringClass().getClassLoader())
        .isNotSameAs(PlannerSlice.class.getClassLoader());
    long[][] m = PlannerAb.compare(a, b, 0, "greel-plus", 40_000_000L, 20_000_000L, 10_000_000L);
    assertThat(m[2][0]).isEqualTo(m[2][1]);
    assertThat(m[1][0]).isPositive();
    assertThat(m[1][1]).isPositive();
    assertThat(m[0][0]).isGreaterThanOrEqualTo(40_000_000L / 2);
    assertThat(PlannerAb.line("(ii) 100", m, 100)).contains("same=true").contains("B/A");
    // another planner decides otherwise on the same workload: another fingerprint
    long[][] late = PlannerAb.compare(a, b, 0, "greel", 20_000_000L, 10_000_000L, 10_000_000L);
    assertThat(late[2][0]).isNotEqualTo(m[2][0]);
  }

  @Test
  void differentFingerprintsAreReportedAndARunThatChangesIsAnError() {
    long[][] m = {{1_000_000, 2_000_000}, {10, 10}, {1, 2}};
    assertThat(PlannerAb.line("w", m, 100)).contains("B/A 2.000").contains("same=false");
    long[] fp = new long[2];
    PlannerAb.check(true, fp, 1, 7);
    PlannerAb.check(false, fp, 1, 7);
    assertThatThrownBy(() -> PlannerAb.check(false, fp, 1, 8))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("side B");
  }
}
