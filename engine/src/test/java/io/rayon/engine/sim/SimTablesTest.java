package io.rayon.engine.sim;

import static io.rayon.engine.sim.SimFixtures.group;
import static io.rayon.engine.sim.SimFixtures.job;
import static io.rayon.engine.sim.SimFixtures.nodes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.resources.Resources;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.JobKind;
import io.rayon.model.workload.TaskGroup;
import io.rayon.model.workload.UsagePhase;
import io.rayon.model.workload.Workload;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** The simulator's node table, task table and ready queue: what they build and keep consistent. */
class SimTablesTest {

  // ---- node table ----

  @Test
  void nodeTableCapsTheAllowanceAtTheCapacityAndRejectsEmptyClusters() {
    NodeTable t =
        new NodeTable(
            Cluster.of(
                "c", new NodeGroup("n", 3, Resources.of(4096, 4), Resources.of(8192, 2), 1, null)),
            1);
    assertThat(t.count()).isEqualTo(3);
    assertThat(t.allowance(0, SchedulerPolicy.MEMORY)).isEqualTo(4096);
    assertThat(t.allowance(0, SchedulerPolicy.CPU)).isEqualTo(2);
    assertThat(t.capacity(2, SchedulerPolicy.CPU)).isEqualTo(4);
    assertThat(t.speed).containsOnly(1.0);
    assertThatThrownBy(() -> new NodeTable(Cluster.of("empty"), 1))
        .hasMessageContaining("cluster 'empty' has no nodes");
    assertThatThrownBy(() -> new NodeTable(nodes(1, 0, 4), 1))
        .hasMessageContaining("must be positive");
  }

  @Property(tries = 50, seed = "11")
  void theTieOrderIsASeededPermutation(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
    NodeTable a = new NodeTable(nodes(17, 1024, 1), seed);
    NodeTable b = new NodeTable(nodes(17, 1024, 1), seed);
    assertThat(a.randomRank).isEqualTo(b.randomRank);
    int[] sorted = a.randomRank.clone();
    Arrays.sort(sorted);
    for (int i = 0; i < sorted.length; i++) assertThat(sorted[i]).isEqualTo(i);
  }

  @Property(tries = 100, seed = "12")
  void reservationsGoBackToExactlyZeroWhateverTheOrderOfRemoval(
      @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    NodeTable t = new NodeTable(nodes(2, 65_536, 64), 1);
    int k = 1 + r.nextInt(40);
    double[][] tasks = new double[k][];
    for (int i = 0; i < k; i++) {
      // requests with fractions of a vcore and odd megabytes: their sums are not exact
      tasks[i] =
          new double[] {
            r.nextInt(1, 4000) + 0.1 * r.nextInt(10),
            r.nextInt(1, 30) / 10.0 + 0.01,
            r.nextDouble(0, 4000),
            r.nextDouble(0, 3)
          };
      t.add(0, tasks[i][0], tasks[i][1], tasks[i][2], tasks[i][3]);
    }
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < k; i++) order.add(i);
    Collections.shuffle(order, new Random(seed));
    double mem = 0;
    for (double[] x : tasks) mem += x[0];
    assertThat(t.reserved(0, SchedulerPolicy.MEMORY)).isCloseTo(mem, within(1e-6));
    for (int i : order) t.remove(0, tasks[i][0], tasks[i][1], tasks[i][2], tasks[i][3]);
    assertThat(t.reserved(0, SchedulerPolicy.MEMORY)).isZero();
    assertThat(t.reserved(0, SchedulerPolicy.CPU)).isZero();
    assertThat(t.memDemand[0]).isCloseTo(0, within(1e-6));
    assertThat(t.reserved(1, SchedulerPolicy.MEMORY)).isZero();
  }

  @Property(tries = 100, seed = "13")
  void theProgressClockReachesTheNextKeyAtTheNextEventTime(
      @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    NodeTable t = new NodeTable(nodes(1, 65_536, 8), 1);
    t.advance(0, r.nextDouble(0, 100));
    double demand = r.nextDouble(0.5, 24);
    t.add(0, 1024, 1, 1024, demand);
    double key = t.progress[0] + r.nextDouble(0, 500);
    double at = t.nextEventTime(0, key);
    assertThat(t.speed[0]).isEqualTo(demand > 8 ? 8 / demand : 1.0);
    t.advance(0, at);
    assertThat(t.progress[0]).isCloseTo(key, within(1e-9 * Math.max(1, key)));
    t.emptied(0);
    assertThat(t.speed[0]).isEqualTo(1);
    assertThat(t.cpuDemand[0]).isZero();
  }

  // ---- task table ----

  @Test
  void taskTableFlattensJobsGroupsPhasesAndDependencies() {
    Job a =
        job(
            "a",
            50,
            group("map", 3)
                .request(2048, 1)
                .duration(100)
                .phase(10, 512, 0.2)
                .phase(200, 1500, 1)
                .build(),
            group("reduce", 2).request(1024, 1).duration(30).after("map").build());
    Job b =
        new Job(
            "b",
            "b",
            null,
            null,
            JobKind.PRODUCTION,
            10,
            null,
            null,
            List.of(group("only", 1).request(9999, 1).build()));
    List<String> warnings = new ArrayList<>();
    TaskTable t =
        new TaskTable(
            new Workload("w", List.of(a, b)), new NodeTable(nodes(2, 4096, 4), 1), warnings);
    assertThat(t.count).isEqualTo(6);
    assertThat(t.jobOrder).containsExactly(1, 0);
    assertThat(t.group).containsExactly(0, 0, 0, 1, 1, 2);
    assertThat(t.rank).containsExactly(1, 1, 1, 1, 1, 0);
    assertThat(t.jobTasks).containsExactly(5, 1);
    assertThat(t.groupDependents[0]).containsExactly(1);
    assertThat(t.groupUnmet).containsExactly(0, 1, 0);
    // the second phase is cut at the duration; no phases: one phase using the request
    assertThat(t.phaseCount).containsExactly(2, 1, 1);
    assertThat(Arrays.copyOfRange(t.phaseEnd, 0, 3)).containsExactly(10, 100, 30);
    assertThat(t.phaseMem[2]).isEqualTo(1024);
    assertThat(t.groupUnschedulable).containsExactly(false, false, true);
    assertThat(warnings)
        .singleElement()
        .asString()
        .contains("job b task group only (1 tasks) can never run");
    assertThat(t.countByState()[TaskTable.NOT_ARRIVED]).isEqualTo(6);
    assertThat(t.jobFinish).containsOnly(Double.NaN);

    t.start(4, 1, 1, 7.5, 3, 42);
    assertThat(t.key[4]).isEqualTo(37.5);
    assertThat(t.jobRunning[0]).isEqualTo(1);
    assertThat(t.jobUsedMem[0]).isEqualTo(1024);
    assertThat(t.countByState()[TaskTable.RUNNING]).isEqualTo(1);
    t.stop(1);
    assertThat(t.jobRunning[0]).isZero();
    assertThat(t.jobUsedCpu[0]).isZero();
  }

  @Test
  void taskTableNamesTheJobAndGroupOfABadWorkload() {
    NodeTable n = new NodeTable(nodes(1, 4096, 4), 1);
    assertThatThrownBy(() -> table(n, job("j", 0, group("x", 1).build(), group("x", 1).build())))
        .hasMessage("job j has two task groups named 'x'");
    assertThatThrownBy(() -> table(n, job("j", 0, group("x", 1).after("y").build())))
        .hasMessageContaining("job j task group x: 'after' names 'y'");
    assertThatThrownBy(() -> table(n, job("j", 0, group("x", 1).after("x").build())))
        .hasMessage("job j task group x names itself in 'after'");
    assertThatThrownBy(
            () -> table(n, job("j", 0, new TaskGroup("x", -1, Resources.of(1, 1), 1, null, null))))
        .hasMessageContaining("job j task group x has count -1");
  }

  private static TaskTable table(NodeTable n, Job... jobs) {
    return new TaskTable(new Workload("w", List.of(jobs)), n, new ArrayList<>());
  }

  @Property(tries = 60, seed = "14")
  void taskTableInvariantsOnGeneratedWorkloads(
      @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    List<Job> jobs = new ArrayList<>();
    int jobCount = r.nextInt(0, 12);
    for (int j = 0; j < jobCount; j++) {
      List<TaskGroup> groups = new ArrayList<>();
      int gc = r.nextInt(1, 4);
      for (int g = 0; g < gc; g++) {
        List<UsagePhase> phases = new ArrayList<>();
        int pc = r.nextInt(0, 4);
        for (int p = 0; p < pc; p++)
          phases.add(
              new UsagePhase(r.nextLong(0, 50), UsageProfiles.usage(r.nextLong(0, 3000), 1)));
        List<String> after = g > 0 && r.nextBoolean() ? List.of("g" + r.nextInt(g)) : List.of();
        groups.add(
            new TaskGroup(
                "g" + g,
                r.nextInt(0, 6),
                Resources.of(r.nextLong(1, 3000), 1),
                r.nextLong(0, 100),
                phases,
                after));
      }
      JobKind kind = r.nextBoolean() ? JobKind.PRODUCTION : JobKind.BEST_EFFORT;
      jobs.add(new Job("j" + j, "j" + j, null, null, kind, r.nextLong(0, 5), null, null, groups));
    }
    TaskTable t = table(new NodeTable(nodes(2, 4096, 4), 1), jobs.toArray(new Job[0]));
    int total = jobs.stream().flatMap(j -> j.tasks().stream()).mapToInt(TaskGroup::count).sum();
    assertThat(t.count).isEqualTo(total);
    // jobs by arrival, the workload's order at equal times
    for (int i = 1; i < t.jobOrder.length; i++) {
      long pa = jobs.get(t.jobOrder[i - 1]).arrivalS();
      long pb = jobs.get(t.jobOrder[i]).arrivalS();
      assertThat(pa < pb || (pa == pb && t.jobOrder[i - 1] < t.jobOrder[i])).isTrue();
    }
    int g = 0;
    for (int ji = 0; ji < jobs.size(); ji++) {
      Job job = jobs.get(ji);
      assertThat(t.jobFirstGroup[ji]).isEqualTo(g);
      for (TaskGroup tg : job.tasks()) {
        assertThat(t.groupJob[g]).isEqualTo(ji);
        for (int k = 0; k < tg.count(); k++) {
          int task = t.groupFirstTask[g] + k;
          assertThat(t.group[task]).isEqualTo(g);
          assertThat(t.jobOf(task)).isEqualTo(ji);
          assertThat(t.rank[task]).isEqualTo((byte) (job.kind() == JobKind.PRODUCTION ? 0 : 1));
        }
        // phases: ends never decrease, the last ends at the duration
        int first = t.phaseOffset[g];
        int last = first + t.phaseCount[g] - 1;
        for (int p = first + 1; p <= last; p++)
          assertThat(t.phaseEnd[p]).isGreaterThanOrEqualTo(t.phaseEnd[p - 1]);
        assertThat(t.phaseEnd[last]).isEqualTo((double) tg.durationS());
        assertThat(t.groupUnmet[g]).isEqualTo(tg.after().size());
        for (String a : tg.after()) {
          int dep = t.jobFirstGroup[ji] + Integer.parseInt(a.substring(1));
          assertThat(t.groupDependents[dep]).contains(g);
        }
        g++;
      }
    }
  }

  // ---- ready queue ----

  @Property(tries = 100, seed = "15")
  void readyQueueOrdersLikeAPriorityQueueByRankCreationAndIndex(
      @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    List<Job> jobs = new ArrayList<>();
    for (int j = 0; j < 4; j++) {
      jobs.add(
          new Job(
              "j" + j,
              "j" + j,
              null,
              null,
              j % 2 == 0 ? JobKind.PRODUCTION : JobKind.BEST_EFFORT,
              0,
              null,
              null,
              List.of(new TaskGroup("t", 10, Resources.of(1, 1), 1, null, null))));
    }
    TaskTable t = table(new NodeTable(nodes(1, 4096, 4), 1), jobs.toArray(new Job[0]));
    for (int i = 0; i < t.count; i++) t.created[i] = r.nextInt(0, 4);
    Comparator<Integer> order =
        Comparator.<Integer>comparingInt(x -> t.rank[x])
            .thenComparingDouble(x -> t.created[x])
            .thenComparingInt(x -> x);
    for (boolean perJob : new boolean[] {false, true}) {
      ReadyQueue q = new ReadyQueue(t, perJob);
      PriorityQueue<Integer> all = new PriorityQueue<>(order);
      List<PriorityQueue<Integer>> byJob = new ArrayList<>();
      for (int j = 0; j < 4; j++) byJob.add(new PriorityQueue<>(order));
      boolean[] in = new boolean[t.count];
      for (int step = 0; step < 300; step++) {
        int task = r.nextInt(t.count);
        if (!in[task] && r.nextInt(3) > 0) {
          in[task] = true;
          q.add(task, t.jobOf(task));
          all.add(task);
          byJob.get(t.jobOf(task)).add(task);
        } else if (!perJob && q.size() > 0) {
          int head = all.poll();
          assertThat(q.head()).isEqualTo(head);
          q.poll();
          in[head] = false;
        } else if (perJob) {
          int j = r.nextInt(4);
          assertThat(q.size(j)).isEqualTo(byJob.get(j).size());
          if (q.size(j) > 0) {
            int head = byJob.get(j).poll();
            assertThat(q.head(j)).isEqualTo(head);
            assertThat(q.poll(j)).isEqualTo(head);
            all.remove(head);
            in[head] = false;
          }
        }
        assertThat(q.size()).isEqualTo(all.size());
      }
    }
  }
}
