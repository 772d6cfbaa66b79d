package io.rayon.engine.planning.milp;

import static io.rayon.engine.planning.Fixtures.aPlan;
import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.planning.PlanningContext;
import io.rayon.engine.reservation.ReservationSystem;
import io.rayon.engine.task.CancellationToken;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.SharingPolicySpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * Progress while the branch and bound runs: the listener hears every new incumbent with the bound
 * and gap during the search, and a cancel from the listener stops the search with the best solution
 * so far. Seeded instances (Instances) whose starting incumbent, "reject everything", is not
 * optimal; no assertion depends on time (the limits are far above what the instances need).
 */
class SearchProgressTest {
  private static final Pattern INCUMBENT =
      Pattern.compile("incumbent ([0-9.]+), bound ([0-9.]+|none)");
  private static final Duration LIMIT = Duration.ofSeconds(30);

  /**
   * Seeds of 4-reservation instances that ojAlgo solves to proven optimality in well under a
   * second.
   */
  private static final long[] SEEDS = {4, 13};

  private static List<ReservationRequest> instance(long seed) {
    return Instances.generate(seed, 4);
  }

  private static double incumbentOf(String message) {
    Matcher m = INCUMBENT.matcher(message);
    assertThat(m.find()).as("report '%s' names the incumbent", message).isTrue();
    return Double.parseDouble(m.group(1));
  }

  private static double boundOf(String message) {
    Matcher m = INCUMBENT.matcher(message);
    assertThat(m.find()).isTrue();
    return m.group(2).equals("none") ? Double.NaN : Double.parseDouble(m.group(2));
  }

  @Test
  void incumbentsAreReportedDuringTheSearchNeverIncreaseAndTheLastIsTheResult() {
    for (long seed : SEEDS) {
      List<String> reports = new ArrayList<>();
      MilpResult r =
          new MilpPlanner()
              .replan(
                  aPlan(1, 8192, 4, Instances.HORIZON),
                  instance(seed),
                  MilpOptions.DEFAULT.withTimeLimit(LIMIT),
                  new PlanningContext(null, (f, m) -> reports.add(m), CancellationToken.NEVER),
                  Map.of());

      assertThat(reports.get(0)).as("seed %d", seed).startsWith("MILP start");
      assertThat(reports.get(reports.size() - 1)).startsWith("MILP end");
      double start = incumbentOf(reports.get(0));
      List<Double> incumbents = new ArrayList<>();
      for (String m : reports.subList(1, reports.size() - 1)) {
        if (m.startsWith(SearchMonitor.INCUMBENT)) incumbents.add(incumbentOf(m));
      }
      assertThat(incumbents)
          .as("seed %d: incumbents reported between start and end", seed)
          .isNotEmpty();
      assertThat(incumbents.get(0)).isLessThan(start);
      for (int i = 1; i < incumbents.size(); i++) {
        assertThat(incumbents.get(i))
            .as("seed %d, report %d", seed, i)
            .isLessThan(incumbents.get(i - 1));
      }
      double last = incumbents.get(incumbents.size() - 1);
      assertThat(r.solver().objective()).isCloseTo(last, Offset.offset(0.006));
      assertThat(incumbentOf(reports.get(reports.size() - 1))).isEqualTo(last);
    }
  }

  @Test
  void reportedBoundsNeverExceedTheProvenOptimum() {
    for (long seed : SEEDS) {
      List<String> reports = new ArrayList<>();
      MilpResult r =
          new MilpPlanner()
              .replan(
                  aPlan(1, 8192, 4, Instances.HORIZON),
                  instance(seed),
                  MilpOptions.DEFAULT.withTimeLimit(LIMIT),
                  new PlanningContext(null, (f, m) -> reports.add(m), CancellationToken.NEVER),
                  Map.of());
      assertThat(r.solver().status()).as("seed %d", seed).isEqualTo(SolverStatus.OPTIMAL);
      double optimum = r.solver().objective();
      double previous = Double.NEGATIVE_INFINITY;
      for (String m : reports) {
        double b = boundOf(m);
        if (Double.isNaN(b)) continue;
        assertThat(b).as("seed %d: %s", seed, m).isLessThanOrEqualTo(optimum + 0.006);
        if (!m.startsWith("MILP start")) {
          // the bound only rises during the search
          assertThat(b).as("seed %d: %s", seed, m).isGreaterThanOrEqualTo(previous);
          previous = b;
        }
      }
    }
  }

  @Test
  void cancellingAtTheFirstIncumbentReturnsItAsCancelledAndValidatorClean() {
    CancellationToken cancel = new CancellationToken();
    List<String> reports = new ArrayList<>();
    PlanningContext ctx =
        new PlanningContext(
            null,
            (f, m) -> {
              reports.add(m);
              if (m.startsWith(SearchMonitor.INCUMBENT)) cancel.cancel();
            },
            cancel);
    MilpPlanner p = new MilpPlanner(MilpOptions.DEFAULT.withTimeLimit(LIMIT));
    ReservationSystem rs =
        new ReservationSystem(aPlan(1, 8192, 4, Instances.HORIZON), p, SharingPolicySpec.NONE)
            .setSelfChecking(true)
            .setTask(ctx.progress(), cancel);
    rs.submitAll(instance(13));

    MilpResult r = p.lastResult();
    assertThat(r.solver().status()).isEqualTo(SolverStatus.CANCELLED);
    List<Double> incumbents = new ArrayList<>();
    for (String m : reports)
      if (m.startsWith(SearchMonitor.INCUMBENT)) incumbents.add(incumbentOf(m));
    assertThat(incumbents).isNotEmpty();
    // the solver stops after the node it is on; the result is the best incumbent it reported
    assertThat(r.solver().objective())
        .isCloseTo(incumbents.get(incumbents.size() - 1), Offset.offset(0.006));
    assertThat(r.solver().objective()).isLessThan(incumbentOf(reports.get(0)));
    assertThat(r.acceptedCount()).isPositive();
    assertThat(PlanValidator.validate(rs.plan(), SharingPolicySpec.NONE)).isEmpty();
  }
}
