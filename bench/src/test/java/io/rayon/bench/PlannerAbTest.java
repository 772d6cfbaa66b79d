package io.rayon.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
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
  void twoOrdersCombineSoThatWhatTheOrderDoesCancelsOut() {
    // the newer build takes 0.9 of the older's time; the side measured as B pays 1.1 in both runs
    long[][] first = {{1_000_000, 990_000}, {10, 10}, {5, 5}};
    long[][] second = {{900_000, 1_100_000}, {10, 10}, {5, 5}};
    List<String> ab =
        List.of(
            "A = old, B = the working tree",
            "planner greel-plus, 10.0 s of timed slices per side",
            PlannerAb.line("(ii) 100 SWIM jobs, 400 nodes", first, 100),
            PlannerAb.line("(iii) 10000 SWIM jobs, 4000 nodes", first, 100));
    List<String> ba =
        List.of(
            PlannerAb.line("(ii) 100 SWIM jobs, 400 nodes", second, 100),
            PlannerAb.line(
                "(iii) 10000 SWIM jobs, 4000 nodes",
                new long[][] {{900_000, 1_100_000}, {10, 10}, {5, 6}},
                100));
    List<String> both = PlannerAb.combine(ab, ba);
    assertThat(both).hasSize(2);
    // 0.990 one way, 1.222 the other: tree/old sqrt(0.990 / 1.222) = 0.900, B slower 1.100
    assertThat(both.get(0))
        .startsWith("(ii) 100 SWIM jobs, 400 nodes ")
        .contains("tree/old 0.900", "B slower 1.100", "same=true");
    // one run found the builds deciding otherwise
    assertThat(both.get(1)).startsWith("(iii) 10000 SWIM jobs").endsWith("same=false");
    // runs of other workloads, or of another number of them, are refused, not paired by position
    assertThatThrownBy(() -> PlannerAb.combine(ab, ba.subList(0, 1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("2 and 1 workloads");
    assertThatThrownBy(() -> PlannerAb.combine(ab, List.of(ba.get(1), ba.get(0))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("row 1");
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
