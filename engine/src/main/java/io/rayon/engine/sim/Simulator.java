package io.rayon.engine.sim;

import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.Node;
import io.rayon.model.resources.Resources;
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
import java.util.SplittableRandom;

/**
 * A discrete-event simulator of a cluster running a workload under a {@link SchedulerPolicy}, after
 * the estimation paper's §V. Deterministic: the same inputs, policy and seed give the same result; no
 * wall clock, no global randomness.
 *
 * <h2>Model</h2>
 *
 * <ul>
 *   <li><b>Nodes</b> have a capacity NC and an allowance AR in memory (MB) and CPU (vcores), and a
 *       rack. Extra resources (GPUs) are carried by the model but not simulated.
 *   <li><b>Tasks</b> come from the workload's task groups: a request (what the scheduler reserves),
 *       a duration (the run time when the task gets all the CPU it asks for) and a usage profile:
 *       consecutive phases measured in seconds of <i>progress</i> (a start-up phase with low usage,
 *       then the working phase...). When the phases are shorter than the duration the last phase
 *       lasts to the end; longer phases are cut at the duration; no phases means the task uses its
 *       request. CPU usage may be given in thousandths of a vcore ({@link UsageProfiles}).
 *   <li><b>Jobs</b> arrive at their arrival time; a task group becomes eligible when the groups it
 *       names in {@code after} have all finished. Eligible tasks wait in one queue ordered by
 *       production jobs first, then creation time (arrival, or the moment the group became
 *       eligible), then workload order; a crashed task keeps its place.
 *   <li><b>Heartbeats</b>: every {@code heartbeatS} seconds (all nodes together) each node reports
 *       its tasks' real usage to the policy, then the scheduler places queued tasks: it takes the
 *       head of the queue and puts it on the node with the most free resources (largest smallest
 *       free share over memory and CPU, by the policy's {@link SchedulerPolicy#available}; ties by a
 *       seeded random order of the nodes), or on the freest node that can hold it when the freest
 *       cannot; when no node can hold the head task the pass ends (strict FIFO, as in the paper).
 * </ul>
 *
 * <h2>Resource semantics (§V)</h2>
 *
 * <ul>
 *   <li><b>CPU is compressible.</b> When the CPU demand D of a node's tasks exceeds its capacity C,
 *       every task on it is served the same fraction C/D of its demand and progresses at rate C/D
 *       (a task needing 10 s of work then takes 10·D/C s); the unserved part is carried over. When
 *       D ≤ C tasks progress at rate 1. The simulator advances this analytically between events
 *       with a per-node progress clock, instead of ticking every second.
 *   <li><b>Memory is not compressible.</b> A task's memory is its current phase's usage. When, after
 *       the events of one instant on a node (tasks placed there in a scheduling pass, or tasks
 *       entering a new phase), the node's memory demand exceeds its capacity NC, <b>exactly the
 *       tasks whose memory demand rose at that instant crash</b>: the tasks just placed on the node,
 *       and the tasks that just entered a phase using more memory than the previous one. Tasks whose
 *       usage did not rise keep running. Since the demand was within capacity before the instant,
 *       removing the risers always brings it back within capacity. A crashed task loses its
 *       progress, counts one failure, and goes back to the queue at its original place.
 * </ul>
 *
 * <p>Tasks that could never run (their request exceeds every node's allowance, or their peak memory
 * exceeds every node's capacity) are reported as unschedulable at their job's arrival. The run ends
 * at {@code untilS}, when every task has ended, or when nothing can progress any more (an idle
 * cluster that has placed nothing for {@value #STALL_HEARTBEATS} heartbeats), with a warning.
 */
public final class Simulator {
  /** Heartbeats without any placement on an idle cluster after which the run is declared stalled. */
  public static final int STALL_HEARTBEATS = 10_000;

  private static final byte NOT_ARRIVED = 0;
  private static final byte QUEUED = 1;
  private static final byte RUNNING = 2;
  private static final byte FINISHED = 3;
  private static final byte UNSCHEDULABLE = 4;
  private static final byte ABANDONED = 5;
  private static final byte WAITING = 6;

  private Simulator() {}

  /** Simulates {@code workload} on {@code cluster}; see the class comment for the model. */
  public static SimulationResult run(
      Cluster cluster,
      Workload workload,
      SchedulerPolicy policy,
      SimulationConfig config,
      ProgressListener progress,
      CancellationToken cancel) {
    return new Run(cluster, workload, policy, config, progress, cancel).execute();
  }

  public static SimulationResult run(
      Cluster cluster, Workload workload, SchedulerPolicy policy, SimulationConfig config) {
    return run(cluster, workload, policy, config, ProgressListener.NONE, CancellationToken.NEVER);
  }

  /** Simulates a scenario's workload on its cluster (its queues, reservations and plan are not used). */
  public static SimulationResult run(
      io.rayon.model.scenario.Scenario scenario,
      SchedulerPolicy policy,
      SimulationConfig config,
      ProgressListener progress,
      CancellationToken cancel) {
    return run(scenario.cluster(), scenario.workload(), policy, config, progress, cancel);
  }

  /** One run's state, in primitive arrays indexed by node, task group, task and job. */
  private static final class Run implements SimNodes {
    private final SchedulerPolicy policy;
    private final SimulationConfig config;
    private final ProgressListener progress;
    private final CancellationToken cancel;
    private final List<String> warnings = new ArrayList<>();

    // nodes
    private final int nodeCount;
    private final List<String> nodeIds = new ArrayList<>();
    private final List<String> nodeRacks = new ArrayList<>();
    private final double[] capMem;
    private final double[] capCpu;
    private final double[] arMem;
    private final double[] arCpu;
    private final double[] resMem;
    private final double[] resCpu;
    private final double[] memDemand;
    private final double[] cpuDemand;
    private final double[] nodeV;
    private final double[] nodeT;
    private final double[] speed;
    private final IndexedMinHeap nodeEvents;
    private final IndexedMinHeap freest;
    private final double[] score;

    // jobs
    private final List<Job> jobs;
    private final int[] jobOrder;
    private final int[] jobFirstGroup;
    private final int[] jobGroupCount;
    private final int[] jobTasks;
    private final int[] jobRemaining;
    private final int[] jobFinished;
    private final int[] jobFailures;
    private final double[] jobFinish;

    // task groups
    private final int[] groupJob;
    private final double[] reqMem;
    private final double[] reqCpu;
    private final int[] groupFirstTask;
    private final int[] groupCount;
    private final int[] groupRemaining;
    private final int[] groupUnmet;
    private final int[][] groupDependents;
    private final boolean[] groupUnschedulable;
    private final int[] phaseOffset;
    private final int[] phaseCount;
    private final double[] phaseEnd;
    private final double[] phaseMem;
    private final double[] phaseCpu;

    // tasks
    private final int taskCount;
    private final int[] taskGroup;
    private final byte[] state;
    private final int[] taskNode;
    private final int[] taskPhase;
    private final double[] taskStartV;
    private final double[] taskKey;
    /** Per node, its running tasks by taskKey. */
    private final RunningTaskHeaps runningOn;
    private final double[] taskCreated;
    private final long[] taskStartTick;
    private final int[] taskAttempts;
    private final byte[] taskRank;
    private int[] queue = new int[1024];
    private int queueSize;

    // run state
    private double now;
    private long tick;
    private int running;
    private int finished;
    private int unschedulable;
    private int abandoned;
    private long failures;
    private double lastFinish = Double.NaN;
    private final int[] touched;
    private int touchedCount;
    private final boolean[] isTouched;
    private int[] riserBuf = new int[64];
    private final int[] randomRank;
    private int riserCount;
    private final List<int[]> placedPerNode = new ArrayList<>();

    // outputs
    private final SeriesRecorder recorder = new SeriesRecorder();

    Run(
        Cluster cluster,
        Workload workload,
        SchedulerPolicy policy,
        SimulationConfig config,
        ProgressListener progress,
        CancellationToken cancel) {
      this.policy = policy;
      this.config = config;
      this.progress = progress == null ? ProgressListener.NONE : progress;
      this.cancel = cancel == null ? CancellationToken.NEVER : cancel;
      List<Node> nodes = cluster.nodes();
      nodeCount = nodes.size();
      if (nodeCount == 0) {
        throw new IllegalArgumentException(
            "cluster '" + cluster.name() + "' has no nodes: add a node group with a positive count");
      }
      capMem = new double[nodeCount];
      capCpu = new double[nodeCount];
      arMem = new double[nodeCount];
      arCpu = new double[nodeCount];
      for (int i = 0; i < nodeCount; i++) {
        Node n = nodes.get(i);
        nodeIds.add(n.id());
        nodeRacks.add(n.rack());
        capMem[i] = n.capacity().memoryMB();
        capCpu[i] = n.capacity().vcores();
        Resources ar = n.allowance() == null ? n.capacity() : n.allowance();
        arMem[i] = Math.min(ar.memoryMB(), capMem[i]);
        arCpu[i] = Math.min(ar.vcores(), capCpu[i]);
        if (capMem[i] <= 0 || capCpu[i] <= 0) {
          throw new IllegalArgumentException(
              "node " + n.id() + " has capacity " + n.capacity() + ": memory and vcores must be positive");
        }
      }
      resMem = new double[nodeCount];
      resCpu = new double[nodeCount];
      memDemand = new double[nodeCount];
      cpuDemand = new double[nodeCount];
      nodeV = new double[nodeCount];
      nodeT = new double[nodeCount];
      speed = new double[nodeCount];
      Arrays.fill(speed, 1.0);
      int[] identity = new int[nodeCount];
      for (int i = 0; i < nodeCount; i++) identity[i] = i;
      nodeEvents = new IndexedMinHeap(nodeCount, identity);
      int[] randomRank = identity.clone();
      SplittableRandom rnd = new SplittableRandom(config.seed());
      for (int i = nodeCount - 1; i > 0; i--) {
        int j = rnd.nextInt(i + 1);
        int t = randomRank[i];
        randomRank[i] = randomRank[j];
        randomRank[j] = t;
      }
      freest = new IndexedMinHeap(nodeCount, randomRank);
      this.randomRank = randomRank;
      score = new double[nodeCount];
      touched = new int[nodeCount];
      isTouched = new boolean[nodeCount];

      // jobs and groups
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
      int groups = 0;
      long tasks = 0;
      int phases = 0;
      for (Job j : jobs) {
        groups += j.tasks().size();
        for (TaskGroup g : j.tasks()) {
          if (g.count() < 0) {
            throw new IllegalArgumentException(
                "job " + j.id() + " task group " + g.name() + " has count " + g.count() + ": it must be 0 or more");
          }
          tasks += g.count();
          phases += Math.max(1, g.usage().size());
        }
      }
      if (tasks > Integer.MAX_VALUE - 8) {
        throw new IllegalArgumentException("workload has " + tasks + " tasks; the simulator holds at most 2^31");
      }
      taskCount = (int) tasks;
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
      taskGroup = new int[taskCount];
      state = new byte[taskCount];
      taskNode = new int[taskCount];
      taskPhase = new int[taskCount];
      taskStartV = new double[taskCount];
      taskKey = new double[taskCount];
      runningOn = new RunningTaskHeaps(nodeCount, taskKey);
      taskCreated = new double[taskCount];
      taskStartTick = new long[taskCount];
      taskAttempts = new int[taskCount];
      taskRank = new byte[taskCount];
      double[][] shapes = distinctShapes();
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
            throw new IllegalArgumentException("job " + j.id() + " has two task groups named '" + name + "'");
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
                  "job " + j.id() + " task group " + tg.name() + ": 'after' names '" + a
                      + "', which is not a task group of this job (groups: " + byName.keySet() + ")");
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
            warnings.add("job " + j.id() + " task group " + tg.name() + " (" + tg.count() + " tasks) can never run: " + why);
          }
          byte rank = (byte) (j.kind() == JobKind.PRODUCTION ? 0 : 1);
          for (int k = 0; k < tg.count(); k++) {
            taskGroup[t] = g;
            taskRank[t] = rank;
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

    private double[][] distinctShapes() {
      Map<String, double[]> m = new HashMap<>();
      for (int i = 0; i < nodeCount; i++) {
        double[] s = {arMem[i], arCpu[i], capMem[i]};
        m.putIfAbsent(s[0] + "/" + s[1] + "/" + s[2], s);
      }
      return m.values().toArray(new double[0][]);
    }

    private static String unschedulableReason(double[][] shapes, double mem, double cpu, double peakMem) {
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
        return "it requests " + (long) mem + " MB but the largest node allowance is " + (long) maxArMem
            + " MB; lower the request or add larger nodes";
      }
      if (cpu > maxArCpu) {
        return "it requests " + (long) cpu + " vcores but the largest node allowance is " + (long) maxArCpu
            + " vcores; lower the request or add larger nodes";
      }
      if (peakMem > maxCap) {
        return "its peak memory usage " + (long) peakMem + " MB exceeds every node's capacity (largest "
            + (long) maxCap + " MB), so it would always crash";
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

    // ---- SimNodes ----

    @Override
    public int count() {
      return nodeCount;
    }

    @Override
    public double capacity(int node, int r) {
      return r == SchedulerPolicy.MEMORY ? capMem[node] : capCpu[node];
    }

    @Override
    public double allowance(int node, int r) {
      return r == SchedulerPolicy.MEMORY ? arMem[node] : arCpu[node];
    }

    @Override
    public double reserved(int node, int r) {
      return r == SchedulerPolicy.MEMORY ? resMem[node] : resCpu[node];
    }

    // ---- main loop ----

    SimulationResult execute() {
      policy.start(this);
      double hb = config.heartbeatS();
      double until = config.untilS();
      long seriesEvery = Math.max(1, (long) Math.ceil(config.seriesIntervalS() / hb - 1e-9));
      long frameEvery =
          config.frameIntervalS() <= 0 ? 0 : Math.max(1, (long) Math.ceil(config.frameIntervalS() / hb - 1e-9));
      int arrivalPtr = 0;
      long idleTicks = 0;
      long events = 0;
      boolean stoppedByUntil = false;
      while (true) {
        if (arrivalPtr >= jobOrder.length && finished + unschedulable + abandoned == taskCount) break;
        double tn = nodeEvents.topKey();
        double ta = arrivalPtr < jobOrder.length ? jobs.get(jobOrder[arrivalPtr]).arrivalS() : Double.POSITIVE_INFINITY;
        double tt = tick * hb;
        if (running == 0 && queueSize == 0 && tn == Double.POSITIVE_INFINITY && ta > tt + hb
            && ta != Double.POSITIVE_INFINITY) {
          // an empty, idle cluster until the next arrival: let the heartbeats pass in one step
          long skip = (long) Math.floor((ta - tt) / hb);
          if (skip > 0) {
            policy.idle(skip);
            tick += skip;
            tt = tick * hb;
          }
        }
        double next = Math.min(tn, Math.min(ta, tt));
        if (next > until) {
          stoppedByUntil = true;
          break;
        }
        now = next;
        if ((++events & 0xFFFF) == 0 && cancel.isCancelled()) {
          warnings.add("cancelled at " + TimeSeries.format(now) + " s; the results cover the run so far");
          break;
        }
        if (tn == next) {
          processNode(nodeEvents.top());
          continue;
        }
        if (ta == next) {
          arrive(jobOrder[arrivalPtr++]);
          continue;
        }
        // heartbeat
        // CPU is reported in thousandths of a vcore, the resolution of usage data (UsageProfiles): the
        // running sum cpuDemand drifts in its last bits as tasks come and go, and a report of
        // 3.0000000000004 vcores for tasks using exactly their 3 requested vcores would make eq. 3
        // raise the estimate above the reservation
        for (int n = 0; n < nodeCount; n++) {
          policy.heartbeat(n, memDemand[n], Math.round(Math.min(cpuDemand[n], capCpu[n]) * 1000) / 1000.0);
        }
        int placed = schedule();
        if (tick % seriesEvery == 0) sampleSeries();
        if (frameEvery > 0 && tick % frameEvery == 0) sampleFrame();
        if ((tick & 1023) == 0) {
          if (cancel.isCancelled()) {
            warnings.add("cancelled at " + TimeSeries.format(now) + " s; the results cover the run so far");
            tick++;
            break;
          }
          double f = Double.isInfinite(until)
              ? (taskCount == 0 ? 1 : (finished + unschedulable + abandoned) / (double) taskCount)
              : now / until;
          progress.progress(Math.min(1, f), "simulated " + TimeSeries.format(now) + " s, " + finished + " of "
              + taskCount + " tasks finished");
        }
        tick++;
        if (running == 0 && placed == 0 && arrivalPtr >= jobOrder.length) {
          if (queueSize == 0) {
            int waiting = taskCount - finished - unschedulable - abandoned;
            warnings.add(waiting + " tasks wait for task groups that can never finish (unschedulable, abandoned"
                + " or cyclic 'after' dependencies); stopped at " + TimeSeries.format(now) + " s");
            break;
          }
          if (++idleTicks >= STALL_HEARTBEATS) {
            warnings.add("stalled: " + queueSize + " queued tasks did not fit on an idle cluster for "
                + STALL_HEARTBEATS + " heartbeats (the scheduler's estimate never fell enough); stopped at "
                + TimeSeries.format(now) + " s");
            break;
          }
        } else {
          idleTicks = 0;
        }
      }
      double end = stoppedByUntil ? until : now;
      progress.progress(1, "simulation ended at " + TimeSeries.format(end) + " s");
      return result(end);
    }

    // ---- events ----

    private void arrive(int ji) {
      double at = jobs.get(ji).arrivalS();
      int first = jobFirstGroup[ji];
      int end = first + jobGroupCount[ji];
      for (int g = first; g < end; g++) {
        byte st = groupUnschedulable[g] ? UNSCHEDULABLE : WAITING;
        for (int k = 0; k < groupCount[g]; k++) state[groupFirstTask[g] + k] = st;
        if (groupUnschedulable[g]) unschedulable += groupCount[g];
      }
      // decide eligibility before releasing: releasing an empty group makes its dependents eligible
      // (and releases them) at once, and they must not be released a second time here
      boolean[] ready = new boolean[end - first];
      for (int g = first; g < end; g++) ready[g - first] = groupUnmet[g] == 0;
      for (int g = first; g < end; g++) {
        if (ready[g - first]) release(g, at);
      }
      if (jobTasks[ji] == 0) jobFinish[ji] = at;
    }

    /** Makes group g's tasks eligible (or finishes an empty group at once). */
    private void release(int g, double at) {
      if (groupUnschedulable[g]) return;
      if (groupCount[g] == 0) {
        groupDone(g);
        return;
      }
      int first = groupFirstTask[g];
      for (int k = 0; k < groupCount[g]; k++) {
        int t = first + k;
        state[t] = QUEUED;
        taskCreated[t] = at;
        enqueue(t);
      }
    }

    private void groupDone(int g) {
      for (int d : groupDependents[g]) {
        if (--groupUnmet[d] == 0) release(d, now);
      }
    }

    private void processNode(int n) {
      advance(n, now);
      riserCount = 0;
      double tol = 1e-9 * Math.max(1, Math.abs(nodeV[n]));
      while (runningOn.size(n) > 0 && taskKey[runningOn.top(n)] <= nodeV[n] + tol) {
        int t = runningOn.top(n);
        int g = taskGroup[t];
        int p = taskPhase[t] + 1;
        if (p < phaseCount[g]) {
          int old = phaseOffset[g] + taskPhase[t];
          int nw = old + 1;
          memDemand[n] += phaseMem[nw] - phaseMem[old];
          cpuDemand[n] += phaseCpu[nw] - phaseCpu[old];
          taskPhase[t] = p;
          taskKey[t] = taskStartV[t] + phaseEnd[nw];
          runningOn.topKeyIncreased(n);
          if (phaseMem[nw] > phaseMem[old]) addRiser(t);
        } else {
          removeFromNode(t);
          finish(t);
        }
      }
      if (riserCount > 0 && memDemand[n] > capMem[n] * (1 + 1e-12)) {
        for (int i = 0; i < riserCount; i++) crash(riserBuf[i]);
      }
      updateNode(n);
    }

    private void addRiser(int t) {
      if (riserCount == riserBuf.length) riserBuf = Arrays.copyOf(riserBuf, riserCount * 2);
      riserBuf[riserCount++] = t;
    }

    private void advance(int n, double at) {
      nodeV[n] += speed[n] * (at - nodeT[n]);
      nodeT[n] = at;
    }

    /** Recomputes the node's speed and next event time after its demand or tasks changed. */
    private void updateNode(int n) {
      if (runningOn.size(n) == 0) {
        nodeEvents.remove(n);
        memDemand[n] = 0;
        cpuDemand[n] = 0;
        speed[n] = 1;
        return;
      }
      speed[n] = cpuDemand[n] > capCpu[n] ? capCpu[n] / cpuDemand[n] : 1.0;
      double dv = Math.max(0, taskKey[runningOn.top(n)] - nodeV[n]);
      nodeEvents.set(n, nodeT[n] + dv / speed[n]);
    }

    private void finish(int t) {
      state[t] = FINISHED;
      finished++;
      lastFinish = now;
      int g = taskGroup[t];
      int ji = groupJob[g];
      jobFinished[ji]++;
      if (--jobRemaining[ji] == 0) jobFinish[ji] = now;
      if (--groupRemaining[g] == 0) groupDone(g);
    }

    private void crash(int t) {
      if (state[t] != RUNNING) return; // a riser that already ended at this instant
      removeFromNode(t);
      failures++;
      jobFailures[groupJob[taskGroup[t]]]++;
      if (++taskAttempts[t] >= config.maxAttempts()) {
        state[t] = ABANDONED;
        abandoned++;
        if (abandoned == 1) {
          warnings.add("task " + t + " of job " + jobs.get(groupJob[taskGroup[t]]).id() + " crashed "
              + config.maxAttempts() + " times and was abandoned (its job cannot finish); raise maxAttempts"
              + " or give the tasks requests closer to their real memory use");
        }
        return;
      }
      state[t] = QUEUED;
      enqueue(t);
    }

    /** Takes a running task off its node: demand, reservation, heap and policy bookkeeping. */
    private void removeFromNode(int t) {
      int n = taskNode[t];
      int g = taskGroup[t];
      int ph = phaseOffset[g] + taskPhase[t];
      memDemand[n] -= phaseMem[ph];
      cpuDemand[n] -= phaseCpu[ph];
      resMem[n] -= reqMem[g];
      resCpu[n] -= reqCpu[g];
      if (Math.abs(resMem[n]) < 1e-6) resMem[n] = 0;
      if (Math.abs(resCpu[n]) < 1e-9) resCpu[n] = 0;
      runningOn.remove(n, t);
      running--;
      // eq. 4's n_J: the heartbeats observed while the task ran. It was placed in the scheduling pass
      // after heartbeat taskStartTick, so heartbeats taskStartTick + 1 .. tick − 1 saw it (tick is the
      // next heartbeat, not yet observed; a task crashing in its own placement pass saw none)
      policy.released(n, reqMem[g], reqCpu[g], Math.max(0, tick - taskStartTick[t] - 1));
    }

    // ---- scheduling ----

    private int schedule() {
      if (queueSize == 0) return 0;
      for (int n = 0; n < nodeCount; n++) score[n] = -score(n);
      freest.fillAll(score);
      int placed = 0;
      touchedCount = 0;
      while (queueSize > 0) {
        int t = queue[0];
        int g = taskGroup[t];
        int n = freest.top();
        if (!fits(g, n)) {
          n = -1;
          double best = Double.POSITIVE_INFINITY;
          for (int m = 0; m < nodeCount; m++) {
            if (score[m] <= best && fits(g, m)) {
              if (n < 0 || score[m] < best || freestTieBefore(m, n)) {
                best = score[m];
                n = m;
              }
            }
          }
          if (n < 0) break;
        }
        dequeue();
        place(t, n);
        placed++;
        score[n] = -score(n);
        freest.set(n, score[n]);
      }
      for (int i = 0; i < touchedCount; i++) {
        int n = touched[i];
        isTouched[n] = false;
        int[] list = placedPerNode.get(i);
        if (memDemand[n] > capMem[n] * (1 + 1e-12)) {
          for (int k = 1; k <= list[0]; k++) crash(list[k]);
        }
        updateNode(n);
      }
      placedPerNode.clear();
      return placed;
    }

    private boolean freestTieBefore(int m, int n) {
      // same score: prefer the node earlier in the seeded random order, as the heap does
      return score[m] == score[n] && rankOf(m) < rankOf(n);
    }

    private int rankOf(int n) {
      return randomRank[n];
    }

    private double score(int n) {
      double m = policy.available(n, SchedulerPolicy.MEMORY) / capMem[n];
      double c = policy.available(n, SchedulerPolicy.CPU) / capCpu[n];
      return Math.min(m, c);
    }

    private boolean fits(int g, int n) {
      return reqMem[g] <= policy.available(n, SchedulerPolicy.MEMORY) + 1e-9
          && reqCpu[g] <= policy.available(n, SchedulerPolicy.CPU) + 1e-9;
    }

    private void place(int t, int n) {
      int g = taskGroup[t];
      advance(n, now);
      int ph = phaseOffset[g];
      taskNode[t] = n;
      taskPhase[t] = 0;
      taskStartV[t] = nodeV[n];
      taskKey[t] = nodeV[n] + phaseEnd[ph];
      taskStartTick[t] = tick;
      state[t] = RUNNING;
      memDemand[n] += phaseMem[ph];
      cpuDemand[n] += phaseCpu[ph];
      resMem[n] += reqMem[g];
      resCpu[n] += reqCpu[g];
      running++;
      runningOn.push(n, t);
      policy.allocated(n, reqMem[g], reqCpu[g]);
      int idx;
      if (!isTouched[n]) {
        isTouched[n] = true;
        idx = touchedCount;
        touched[touchedCount++] = n;
        placedPerNode.add(new int[] {0, 0, 0, 0});
      } else {
        idx = indexOfTouched(n);
      }
      int[] list = placedPerNode.get(idx);
      if (list[0] + 1 >= list.length) {
        list = Arrays.copyOf(list, list.length * 2);
        placedPerNode.set(idx, list);
      }
      list[++list[0]] = t;
    }

    private int lastTouchedLookup = -1;

    private int indexOfTouched(int n) {
      if (lastTouchedLookup >= 0 && lastTouchedLookup < touchedCount && touched[lastTouchedLookup] == n) {
        return lastTouchedLookup;
      }
      for (int i = touchedCount - 1; i >= 0; i--) {
        if (touched[i] == n) {
          lastTouchedLookup = i;
          return i;
        }
      }
      throw new IllegalStateException("node " + n + " not touched");
    }

    // ---- the queue of eligible tasks: production first, then creation time, then index ----

    private boolean queueLess(int a, int b) {
      if (taskRank[a] != taskRank[b]) return taskRank[a] < taskRank[b];
      if (taskCreated[a] != taskCreated[b]) return taskCreated[a] < taskCreated[b];
      return a < b;
    }

    private void enqueue(int t) {
      if (queueSize == queue.length) queue = Arrays.copyOf(queue, queueSize * 2);
      int i = queueSize++;
      while (i > 0) {
        int parent = (i - 1) >>> 1;
        if (!queueLess(t, queue[parent])) break;
        queue[i] = queue[parent];
        i = parent;
      }
      queue[i] = t;
    }

    private void dequeue() {
      int last = queue[--queueSize];
      if (queueSize == 0) return;
      int i = 0;
      int half = queueSize >>> 1;
      while (i < half) {
        int c = 2 * i + 1;
        if (c + 1 < queueSize && queueLess(queue[c + 1], queue[c])) c++;
        if (!queueLess(queue[c], last)) break;
        queue[i] = queue[c];
        i = c;
      }
      queue[i] = last;
    }

    // ---- outputs ----

    private void sampleSeries() {
      recorder.sample(now, nodeCount, capMem, arMem, resMem, memDemand, capCpu, arCpu, resCpu, cpuDemand, policy,
          running, queueSize);
    }

    private void sampleFrame() {
      recorder.frame(now, nodeCount, memDemand, cpuDemand, capMem, capCpu);
    }

    private SimulationResult result(double end) {
      int queued = 0;
      int waiting = 0;
      int run = 0;
      int fin = 0;
      int uns = 0;
      int ab = 0;
      int notArrived = 0;
      for (int t = 0; t < taskCount; t++) {
        switch (state[t]) {
          case QUEUED -> queued++;
          case RUNNING -> run++;
          case FINISHED -> fin++;
          case UNSCHEDULABLE -> uns++;
          case ABANDONED -> ab++;
          case NOT_ARRIVED -> notArrived++;
          default -> waiting++;
        }
      }
      List<JobOutcome> outcomes = new ArrayList<>(jobs.size());
      double sum = 0;
      int done = 0;
      for (int ji = 0; ji < jobs.size(); ji++) {
        Job j = jobs.get(ji);
        double f = jobFinish[ji];
        boolean ok = !Double.isNaN(f);
        Boolean deadline = null;
        if (j.deadlineS() != null) deadline = ok && f <= j.deadlineS();
        double c = ok ? f - j.arrivalS() : Double.NaN;
        if (ok) {
          sum += c;
          done++;
        }
        outcomes.add(new JobOutcome(j.id(), j.kind(), j.arrivalS(), f, c, jobTasks[ji], jobFinished[ji], jobFailures[ji], deadline));
      }
      TimeSeries ts = recorder.timeSeries();
      return new SimulationResult(
          policy.name(), config.seed(), config.heartbeatS(), end, jobs.size(), done, taskCount, fin, run,
          queued, waiting, uns, ab, notArrived, failures, taskCount == 0 ? 0 : failures / (double) taskCount,
          Double.isNaN(lastFinish) ? 0 : lastFinish, done == 0 ? Double.NaN : sum / done, outcomes, ts,
          nodeIds, nodeRacks, recorder.frames(), warnings);
    }
  }
}
