package io.rayon.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rayon.engine.estimation.Availability;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.TaskGroup;
import io.rayon.model.workload.UsagePhase;
import io.rayon.model.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The §V harness prepares the workload the paper's way: its size, no dependencies, a parametrised
 * start-up.
 */
class EstimationExperimentsTest {
  static final EstimationExperiments.Settings PAPER =
      new EstimationExperiments.Settings(400, 1, 10, 0.2, Availability.PAPER_SIM, false, false);

  @Test
  void sampleTakesWholeJobsUpToTheTargetInTraceOrder() {
    Workload swim = WorkloadsTest.excerpt();
    int target = swim.taskCount() / 3;
    Workload s = EstimationExperiments.sample(swim, target, 7);
    assertThat(s.taskCount()).isLessThanOrEqualTo(target).isGreaterThan(target / 2);
    List<String> ids = swim.jobs().stream().map(Job::id).toList();
    List<Integer> positions = new ArrayList<>();
    for (Job j : s.jobs()) {
      assertThat(swim.jobs()).contains(j);
      positions.add(ids.indexOf(j.id()));
    }
    assertThat(positions).isSorted();
    assertThat(EstimationExperiments.sample(swim, target, 7)).isEqualTo(s);
  }

  @Test
  void preparedWorkloadHasNoDependenciesAndTheChosenStartup() {
    Workload swim = WorkloadsTest.excerpt();
    Workload w = EstimationExperiments.prepare(swim, PAPER.withTasks(0).withStartup(3, 0.5));
    assertThat(w.taskCount()).isEqualTo(swim.taskCount());
    for (Job j : w.jobs()) {
      for (TaskGroup g : j.tasks()) {
        assertThat(g.after()).isEmpty();
        List<UsagePhase> p = g.usage();
        if (g.durationS() > 3) {
          assertThat(p).hasSize(2);
          assertThat(p.get(0).durationS()).isEqualTo(3);
          assertThat(p.get(0).usage().memoryMB())
              .isCloseTo(Math.round(p.get(1).usage().memoryMB() * 0.5), within(1L));
          // working memory in 20–60% of the request
          assertThat(p.get(1).usage().memoryMB())
              .isBetween(
                  Math.round(g.request().memoryMB() * 0.2),
                  Math.round(g.request().memoryMB() * 0.6));
        }
      }
    }
    Workload backlog =
        EstimationExperiments.prepare(
            swim, PAPER.withTasks(0).withBacklog(true).withDependencies(true));
    assertThat(backlog.jobs()).allSatisfy(j -> assertThat(j.arrivalS()).isZero());
    assertThat(
            backlog.jobs().stream()
                .flatMap(j -> j.tasks().stream())
                .anyMatch(g -> !g.after().isEmpty()))
        .as("dependencies kept on request")
        .isEqualTo(
            swim.jobs().stream()
                .flatMap(j -> j.tasks().stream())
                .anyMatch(g -> !g.after().isEmpty()));
  }

  @Test
  void noStartupMeansOnePhaseAtTheWorkingUsage() {
    Workload w =
        EstimationExperiments.prepare(
            WorkloadsTest.excerpt(), PAPER.withTasks(0).withStartup(0, 0.2));
    assertThat(w.jobs())
        .allSatisfy(j -> assertThat(j.tasks()).allSatisfy(g -> assertThat(g.usage()).hasSize(1)));
  }
}
