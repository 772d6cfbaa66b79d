package io.rayon.engine.sim;

import io.rayon.model.workload.Job;
import io.rayon.model.workload.JobKind;
import io.rayon.model.workload.TaskGroup;
import io.rayon.model.workload.UsagePhase;
import io.rayon.model.workload.Workload;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The simulator's task table: the workload flattened into primitive arrays indexed by job, task
 * group, usage phase and task (no object per task: about 60 bytes each). Per job its groups, task
 * counts and outcome; per group its job, request, tasks, phases and {@code after} dependencies; per
 * phase its end (in seconds of progress) and usage; per task its group, state, node, phase,
 * progress clock at start, next phase end ({@link #key}), creation time, attempts and queue rank.
 * Built and checked once from the workload; the simulator reads and writes the arrays directly.
 */
final class TaskTable {
  static final byte NOT_ARRIVED = 0;
  static final byte QUEUED = 1;
  static final byte RUNNING = 2;
  static final byte FINISHED = 3;
  static final byte UNSCHEDULABLE = 4;
  static final byte ABANDONED = 5;
  static final byte WAITING = 6;

  // jobs
  final List<Job> jobs;

  /** Job indices by arrival time (stable: workload order at equal times). */
  final int[] jobOrder;

  final int[] jobFirstGroup;
  final int[] jobGroupCount;
  final int[] jobTasks;
  final int[] jobRemaining;
  final int[] jobFinished;
  final int[] jobFailures;
  final double[] jobFinish;

  /** Per job: its running tasks and the sum of their requests. */
  final int[] jobRunning;

  final double[] jobUsedMem;
  final double[] jobUsedCpu;

  /** Per job: its tasks that ended (finished, unschedulable or abandoned). */
  final int[] jobEnded;

  // task groups
  final int[] groupJob;
  final double[] reqMem;
  final double[] reqCpu;
  final int[] groupFirstTask;
  final int[] groupCount;
  final int[] groupRemaining;
  final int[] groupUnmet;
  final int[][] groupDependents;
  final boolean[] groupUnschedulable;
  final int[] phaseOffset;
  final int[] phaseCount;

  // usage phases
  final double[] phaseEnd;
  final double[] phaseMem;
  final double[] phaseCpu;

  // tasks
  final int count;
  final int[] group;
  final byte[] state;
  final int[] node;
  final int[] phase;

  /** The node's progress clock when the task started. */
  final double[] startProgress;

  /** The node's progress clock at the task's next phase end. */
  final double[] key;

  final double[] created;

  /** The heartbeat after which the task was placed. */
  final long[] startTick;

  final int[] attempts;
  final double[] placedAt;

  /** 0 for production jobs' tasks, 1 for the others: the queue's first criterion. */
  final byte[] rank;

  /**
   * Flattens {@code workload}; a group that no node of {@code nodes} could ever run is marked
   * unschedulable with a warning in {@code warnings}.
   *
   * @throws IllegalArgumentException naming the job and group of a negative count, a duplicate
   *     group name, an unknown or self {@code after} reference, or a workload of more than 2^31
   *     tasks
   */
  TaskTable(Workload workload, NodeTable nodes, List<String> warnings) {
    jobs = workload.jobs();
    int jobCount = jobs.size();
    Integer[] order = new Integer[jobCount];
    for (int i = 0; i < jobCount; i++) order[i] = i;
    Arrays.sort(order, (a, b) -> Long.compare(jobs.get(a).arrivalS(), jobs.get(b).arrivalS()));
    jobOrder = new int[jobCount];
    for (int i = 0; i < jobCount; i++) jobOrder[i] = order[i];
    jobFirstGroup = new int[jobCount];
    jobGroupCount = new int[jobCount];
    jobTasks = new int[jobCount];
    jobRemaining = new int[jobCount];
    jobFinished = new int[jobCount];
    jobFailures = new int[jobCount];
    jobFinish = new double[jobCount];
    Arrays.fill(jobFinish, Double.NaN);
    jobRunning = new int[jobCount];
    jobUsedMem = new double[jobCount];
    jobUsedCpu = new double[jobCount];
    jobEnded = new int[jobCount];
    int groups = 0;
    long tasks = 0;
    int phases = 0;
    for (Job j : jobs) {
      groups += j.tasks().size();
      for (TaskGroup g : j.tasks()) {
        if (g.count() < 0) {
          throw new IllegalArgumentException(
              "job "
                  + j.id()
                  + " task group "
                  + g.name()
                  + " has count "
                  + g.count()
                  + ": it must be 0 or more");
        }
        tasks += g.count();
        phases += Math.max(1, g.usage().size());
      }
    }
    if (tasks > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(
          "workload has " + tasks + " tasks; the simulator holds at most 2^31");
    }
    count = (int) tasks;
    groupJob = new int[groups];
    reqMem = new double[groups];
    reqCpu = new double[groups];
    groupFirstTask = new int[groups];
    groupCount = new int[groups];
    groupRemaining = new int[groups];
    groupUnmet = new int[groups];
    groupDependents = new int[groups][];
    groupUnschedulable = new boolean[groups];
    phaseOffset = new int[groups];
    phaseCount = new int[groups];
    phaseEnd = new double[phases];
    phaseMem = new double[phases];
    phaseCpu = new double[phases];
    group = new int[count];
    state = new byte[count];
    node = new int[count];
    phase = new int[count];
    startProgress = new double[count];
    key = new double[count];
    created = new double[count];
    startTick = new long[count];
    attempts = new int[count];
    placedAt = new double[count];
    rank = new byte[count];
    double[][] shapes = nodes.distinctShapes();
    int g = 0;
    int t = 0;
    int ph = 0;
    for (int ji = 0; ji < jobCount; ji++) {
      Job j = jobs.get(ji);
      jobFirstGroup[ji] = g;
      jobGroupCount[ji] = j.tasks().size();
      Map<String, Integer> byName = new HashMap<>();
      for (int k = 0; k < j.tasks().size(); k++) {
        String name = j.tasks().get(k).name();
        if (byName.put(name, g + k) != null) {
          throw new IllegalArgumentException(
              "job " + j.id() + " has two task groups named '" + name + "'");
        }
      }
      List<List<Integer>> deps = new ArrayList<>();
      for (int k = 0; k < j.tasks().size(); k++) deps.add(new ArrayList<>());
      for (TaskGroup tg : j.tasks()) {
        groupJob[g] = ji;
        reqMem[g] = tg.request().memoryMB();
        reqCpu[g] = tg.request().vcores();
        groupFirstTask[g] = t;
        groupCount[g] = tg.count();
        groupRemaining[g] = tg.count();
        phaseOffset[g] = ph;
        ph = buildPhases(tg, ph);
        phaseCount[g] = ph - phaseOffset[g];
        for (String a : tg.after()) {
          Integer dep = byName.get(a);
          if (dep == null) {
            throw new IllegalArgumentException(
                "job "
                    + j.id()
                    + " task group "
                    + tg.name()
                    + ": 'after' names '"
                    + a
                    + "', which is not a task group of this job (groups: "
                    + byName.keySet()
                    + ")");
          }
          if (dep == g) {
            throw new IllegalArgumentException(
                "job " + j.id() + " task group " + tg.name() + " names itself in 'after'");
          }
          groupUnmet[g]++;
          deps.get(dep - jobFirstGroup[ji]).add(g);
        }
        double peak = 0;
        for (int p = phaseOffset[g]; p < ph; p++) peak = Math.max(peak, phaseMem[p]);
        String why = unschedulableReason(shapes, reqMem[g], reqCpu[g], peak);
        if (why != null && tg.count() > 0) {
          groupUnschedulable[g] = true;
          warnings.add(
              "job "
                  + j.id()
                  + " task group "
                  + tg.name()
                  + " ("
                  + tg.count()
                  + " tasks) can never run: "
                  + why);
        }
        byte r = (byte) (j.kind() == JobKind.PRODUCTION ? 0 : 1);
        for (int k = 0; k < tg.count(); k++) {
          group[t] = g;
          rank[t] = r;
          t++;
        }
        jobTasks[ji] += tg.count();
        g++;
      }
      for (int k = 0; k < deps.size(); k++) {
        List<Integer> d = deps.get(k);
        int[] arr = new int[d.size()];
        for (int x = 0; x < arr.length; x++) arr[x] = d.get(x);
        groupDependents[jobFirstGroup[ji] + k] = arr;
      }
      jobRemaining[ji] = jobTasks[ji];
    }
  }

  /** The job of task {@code t}. */
  int jobOf(int t) {
    return groupJob[group[t]];
  }

  /** Task {@code t}'s current phase, as an index into the phase arrays. */
  int phaseIndex(int t) {
    return phaseOffset[group[t]] + phase[t];
  }

  /**
   * Task {@code t} of group {@code g} starts on the node whose progress clock is at {@code
   * progress}.
   */
  void start(int t, int g, int n, double progress, long tick, double now) {
    node[t] = n;
    phase[t] = 0;
    startProgress[t] = progress;
    key[t] = progress + phaseEnd[phaseOffset[g]];
    startTick[t] = tick;
    state[t] = RUNNING;
    int ji = groupJob[g];
    jobRunning[ji]++;
    jobUsedMem[ji] += reqMem[g];
    jobUsedCpu[ji] += reqCpu[g];
    placedAt[t] = now;
  }

  /** A running task of group {@code g} stops running: its job's running count and use. */
  void stop(int g) {
    int ji = groupJob[g];
    jobRunning[ji]--;
    jobUsedMem[ji] -= reqMem[g];
    jobUsedCpu[ji] -= reqCpu[g];
    if (jobRunning[ji] == 0) {
      jobUsedMem[ji] = 0;
      jobUsedCpu[ji] = 0;
    }
  }

  /** Counts of the tasks by state, indexed by the state constants. */
  int[] countByState() {
    int[] c = new int[WAITING + 1];
    for (int t = 0; t < count; t++) c[state[t]]++;
    return c;
  }

  private static String unschedulableReason(
      double[][] shapes, double mem, double cpu, double peakMem) {
    double maxArMem = 0;
    double maxArCpu = 0;
    double maxCap = 0;
    for (double[] s : shapes) {
      if (mem <= s[0] && cpu <= s[1] && peakMem <= s[2]) return null;
      maxArMem = Math.max(maxArMem, s[0]);
      maxArCpu = Math.max(maxArCpu, s[1]);
      maxCap = Math.max(maxCap, s[2]);
    }
    if (mem > maxArMem) {
      return "it requests "
          + (long) mem
          + " MB but the largest node allowance is "
          + (long) maxArMem
          + " MB; lower the request or add larger nodes";
    }
    if (cpu > maxArCpu) {
      return "it requests "
          + (long) cpu
          + " vcores but the largest node allowance is "
          + (long) maxArCpu
          + " vcores; lower the request or add larger nodes";
    }
    if (peakMem > maxCap) {
      return "its peak memory usage "
          + (long) peakMem
          + " MB exceeds every node's capacity (largest "
          + (long) maxCap
          + " MB), so it would always crash";
    }
    return "no single node has enough allowance for both its memory and its vcores; add a larger node";
  }

  private int buildPhases(TaskGroup tg, int ph) {
    double duration = Math.max(0, tg.durationS());
    List<UsagePhase> usage = tg.usage();
    if (usage.isEmpty()) {
      phaseEnd[ph] = duration;
      phaseMem[ph] = tg.request().memoryMB();
      phaseCpu[ph] = tg.request().vcores();
      return ph + 1;
    }
    double end = 0;
    for (int i = 0; i < usage.size(); i++) {
      UsagePhase u = usage.get(i);
      end = Math.min(duration, end + Math.max(0, u.durationS()));
      boolean last = i == usage.size() - 1;
      phaseEnd[ph] = last ? duration : end;
      phaseMem[ph] = Math.max(0, u.usage().memoryMB());
      phaseCpu[ph] = Math.max(0, UsageProfiles.cpu(u.usage()));
      ph++;
    }
    return ph;
  }
}
