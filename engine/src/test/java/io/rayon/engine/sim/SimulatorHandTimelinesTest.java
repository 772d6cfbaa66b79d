package io.rayon.engine.sim;

import static io.rayon.engine.sim.SimFixtures.group;
import static io.rayon.engine.sim.SimFixtures.nodes;
import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.cluster.Cluster;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.JobKind;
import io.rayon.model.workload.Workload;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Timelines computed by hand, compared with the simulator's whole jobs CSV (the format of the
 * golden files): the golden files pin the simulator on a real trace, these say why its numbers are
 * right. Heartbeat 1 s, so a task is placed at the first heartbeat at which its node has room.
 */
class SimulatorHandTimelinesTest {
  private static final SimulationConfig CFG =
      SimulationConfig.DEFAULT.withHeartbeat(1).withSeriesInterval(1).withFrameInterval(0);
  private static final String HEADER =
      "job_id,kind,arrival_s,finish_s,completion_s,tasks,finished_tasks,failures,deadline_met\n";

  private static String jobs(SchedulerPolicy p, Cluster c, Job... js) {
    return Simulator.run(c, new Workload("hand", List.of(js)), p, CFG).jobsCsv();
  }

  @Test
  void aJobThatFindsTheNodeFullWaitsForTheTaskAheadOfIt() {
    // a fills the 4-vcore node from 0 to 10; b arrives at 2 and is placed when a's task ends:
    // b runs 10..13, completion 13 - 2 = 11
    String csv =
        jobs(
            new ReservationPolicy(),
            nodes(1, 4096, 4),
            SimFixtures.job("a", 0, group("g", 1).request(4096, 4).duration(10).build()),
            SimFixtures.job("b", 2, group("g", 1).request(1024, 1).duration(3).build()));
    assertThat(csv)
        .isEqualTo(HEADER + "a,BEST_EFFORT,0,10,10,1,1,0,\n" + "b,BEST_EFFORT,2,13,11,1,1,0,\n");
  }

  @Test
  void reducesStartWhenTheLastMapEnds() {
    // two maps side by side 0..5, then the reduce 5..12: the job ends at 12 with its 3 tasks
    String csv =
        jobs(
            new ReservationPolicy(),
            nodes(1, 4096, 4),
            SimFixtures.job(
                "j",
                0,
                group("map", 2).request(1024, 1).duration(5).build(),
                group("reduce", 1).request(2048, 2).duration(7).after("map").build()));
    assertThat(csv).isEqualTo(HEADER + "j,BEST_EFFORT,0,12,12,3,3,0,\n");
  }

  @Test
  void aProductionJobGoesAheadOfBestEffortWorkThatArrivedEarlier() {
    // be1 holds the node 0..10; be2 (arrived 1) and p (production, arrived 2) wait; at 10 the
    // production job goes first, 10..15, then be2 15..20; p meets its deadline of 100 s
    Job p =
        new Job(
            "p",
            null,
            null,
            null,
            JobKind.PRODUCTION,
            2,
            100L,
            null,
            List.of(group("g", 1).request(4096, 4).duration(5).build()));
    String csv =
        jobs(
            new ReservationPolicy(),
            nodes(1, 4096, 4),
            SimFixtures.job("be1", 0, group("g", 1).request(4096, 4).duration(10).build()),
            SimFixtures.job("be2", 1, group("g", 1).request(4096, 4).duration(5).build()),
            p);
    assertThat(csv)
        .isEqualTo(
            HEADER
                + "be1,BEST_EFFORT,0,10,10,1,1,0,\n"
                + "be2,BEST_EFFORT,1,20,19,1,1,0,\n"
                + "p,PRODUCTION,2,15,13,1,1,0,true\n");
  }
}
