package io.rayon.engine.sim;

import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.TaskGroup;
import io.rayon.model.workload.Workload;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A discrete-event simulator of a cluster running a workload under a {@link SchedulerPolicy}, after
 * the estimation paper's §V. Deterministic: the same inputs, policy and seed give the same result;
 * no wall clock, no global randomness.
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
 *       free share over memory and CPU, by the policy's {@link SchedulerPolicy#available}; ties by
 *       a seeded random order of the nodes), or on the freest node that can hold it when the freest
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
 *   <li><b>Memory is not compressible.</b> A task's memory is its current phase's usage. When,
 *       after the events of one instant on a node (tasks placed there in a scheduling pass, or
 *       tasks entering a new phase), the node's memory demand exceeds its capacity NC, <b>exactly
 *       the tasks whose memory demand rose at that instant crash</b>: the tasks just placed on the
 *       node, and the tasks that just entered a phase using more memory than the previous one.
 *       Tasks whose usage did not rise keep running. Since the demand was within capacity before
 *       the instant, removing the risers always brings it back within capacity. A crashed task
 *       loses its progress, counts one failure, and goes back to the queue at its original place.
 * </ul>
 *
 * <p>Tasks that could never run (their request exceeds every node's allowance, or their peak memory
 * exceeds every node's capacity) are reported as unschedulable at their job's arrival. The run ends
 * at {@code untilS}, when every task has ended, or when nothing can progress any more (an idle
 * cluster that has placed nothing for {@value #STALL_HEARTBEATS} heartbeats), with a warning.
 *
 * <h2>Queue disciplines, preemption and failures</h2>
 *
 * <p>A scheduler that brings a {@link QueueDiscipline} decides which job gets a free container in
 * each pass and may preempt running containers ({@link SimControl}); the simulator then keeps the
 * queued tasks per job, in creation order, and still chooses the freest node. {@link NodeOutage}s
 * take nodes down: their running containers are lost and queued again (not counted as crashes or
 * attempts), no task is placed on them until they come back, and the discipline is told.
 */
public final class Simulator {
  /**
   * Heartbeats without any placement on an idle cluster after which the run is declared stalled.
   */
  public static final int STALL_HEARTBEATS = 10_000;

  /**
   * The most heartbeats a run may have to go through one by one: 10^8, about 9.5 years of simulated
   * time at the default 3 s. While a task runs, every heartbeat is processed (the nodes report and
   * the scheduler passes), even with nothing waiting; only an idle cluster's heartbeats pass in one
   * step. So a task that lasts longer than this many heartbeats (a duration such as 2^53 s in a
   * hostile or broken file) would keep the run going for years of computing: such a run is refused
   * before it starts, unless it is set to stop ({@link SimulationConfig#untilS}) within this many
   * heartbeats.
   */
  public static final long MAX_HEARTBEATS = 100_000_000L;

  private Simulator() {}

  /** Simulates {@code workload} on {@code cluster}; see the class comment for the model. */
  public static SimulationResult run(
      Cluster cluster,
      Workload workload,
      SchedulerPolicy policy,
      SimulationConfig config,
      ProgressListener progress,
      CancellationToken cancel) {
    return new Run(cluster, workload, null, List.of(), policy, config, progress, cancel).execute();
  }

  /**
   * Simulates {@code scenario}'s workload on its cluster with node outages; the scenario is handed
   * to the scheduler's {@link QueueDiscipline} (a scheduler that plans its reservations needs it).
   */
  public static SimulationResult run(
      Scenario scenario,
      List<NodeOutage> outages,
      SchedulerPolicy policy,
      SimulationConfig config,
      ProgressListener progress,
      CancellationToken cancel) {
    return new Run(
            scenario.cluster(),
            scenario.workload(),
            scenario,
            outages,
            policy,
            config,
            progress,
            cancel)
        .execute();
  }

  public static SimulationResult run(
      Cluster cluster, Workload workload, SchedulerPolicy policy, SimulationConfig config) {
    return run(cluster, workload, policy, config, ProgressListener.NONE, CancellationToken.NEVER);
  }

  /**
   * Simulates a scenario's workload on its cluster (its queues, reservations and plan are not
   * used).
   */
  public static SimulationResult run(
      Scenario scenario,
      SchedulerPolicy policy,
      SimulationConfig config,
      ProgressListener progress,
      CancellationToken cancel) {
    return run(scenario.cluster(), scenario.workload(), policy, config, progress, cancel);
  }

  /**
   * One run: the event loop and the event handlers, over the run's parts. The parts own the state,
   * in primitive arrays: the {@link NodeTable} (per node: capacity, allowance, reservations,
   * demand, progress clock, outage), the {@link TaskTable} (per job, group, phase and task), the
   * {@link RunningTaskHeaps} (per node, its running tasks by next phase end on the node's progress
   * clock), the {@link ReadyQueue} (eligible tasks in queue order), the {@link EventQueue} (one
   * heap of every pending event by time, kind and sequence), the {@link NodeChoice} and {@link
   * PassLog} of a scheduling pass and the {@link SeriesRecorder}. The scheduler is only seen
   * through {@link SchedulerPolicy} and {@link QueueDiscipline}: a new one needs no change here.
   */
  private static final class Run implements SimControl {
    private final SchedulerPolicy policy;
    private final QueueDiscipline discipline;
    private final Scenario scenario;
    private final SimulationConfig config;
    private final ProgressListener progress;
    private final CancellationToken cancel;
    private final List<String> warnings = new ArrayList<>();

    // the parts
    private final NodeTable nodes;
    private final TaskTable tasks;
    private final RunningTaskHeaps runningOn;
    private final ReadyQueue queue;
    private final EventQueue events;
    private final NodeChoice choice;
    private final PassLog pass;
    private final SeriesRecorder recorder = new SeriesRecorder();
    private int placedInPass;

    // node outages, sorted by time (a failure before a recovery at the same time, then input
    // order):
    // {time, node count (negative: fail), outage id, order}
    private final double[][] outages;
    private int outagePtr;
    private final Map<Integer, int[]> outageNodes = new HashMap<>();
    private long preempted;
    private long lost;
    private final List<SimEvent> timeline = new ArrayList<>();

    // run state
    private double now;
    private long tick;
    private int arrivalPtr;
    private int running;
    private int finished;
    private int unschedulable;
    private int abandoned;
    private long failures;
    private double lastFinish = Double.NaN;
    private int[] riserBuf = new int[64];
    private int riserCount;

    Run(
        Cluster cluster,
        Workload workload,
        Scenario scenario,
        List<NodeOutage> outageList,
        SchedulerPolicy policy,
        SimulationConfig config,
        ProgressListener progress,
        CancellationToken cancel) {
      this.policy = policy;
      this.discipline = policy.discipline();
      this.scenario = scenario;
      this.config = config;
      this.progress = progress == null ? ProgressListener.NONE : progress;
      this.cancel = cancel == null ? CancellationToken.NEVER : cancel;
      nodes = new NodeTable(cluster, config.seed());
      int nodeCount = nodes.count;
      events = new EventQueue(nodeCount);
      choice = new NodeChoice(nodes, policy);
      pass = new PassLog(nodeCount);
      List<double[]> out = new ArrayList<>();
      int seq = 0;
      for (NodeOutage o : outageList == null ? List.<NodeOutage>of() : outageList) {
        out.add(new double[] {o.atS(), -o.nodes(), seq, seq});
        if (o.durationS() != Double.POSITIVE_INFINITY)
          out.add(new double[] {o.atS() + o.durationS(), o.nodes(), seq, seq + 0.5});
        seq++;
      }
      out.sort((a, b) -> a[0] != b[0] ? Double.compare(a[0], b[0]) : Double.compare(a[3], b[3]));
      outages = out.toArray(new double[0][]);
      tasks = new TaskTable(workload, nodes, warnings);
      refuseEndless();
      runningOn = new RunningTaskHeaps(nodeCount, tasks.key);
      queue = new ReadyQueue(tasks, discipline != null);
    }

    /**
     * Refuses a run in which some task that can run lasts more than {@link #MAX_HEARTBEATS}
     * heartbeats, unless the run stops within that many ({@code untilS}). A task runs at least its
     * duration (longer when its node's CPU is short). A task group that can never run (too big for
     * every node) is never started, so it is not counted.
     */
    private void refuseEndless() {
      double hb = config.heartbeatS();
      if (config.untilS() / hb <= MAX_HEARTBEATS) return;
      for (int ji = 0; ji < tasks.jobs.size(); ji++) {
        Job j = tasks.jobs.get(ji);
        for (int k = 0; k < j.tasks().size(); k++) {
          TaskGroup tg = j.tasks().get(k);
          if (tg.count() < 1 || tasks.groupUnschedulable[tasks.jobFirstGroup[ji] + k]) continue;
          if (tg.durationS() / hb > MAX_HEARTBEATS) {
            throw new IllegalArgumentException(
                "job "
                    + j.id()
                    + " task group "
                    + tg.name()
                    + " lasts "
                    + tg.durationS()
                    + " s, more than "
                    + MAX_HEARTBEATS
                    + " heartbeats of "
                    + TimeSeries.format(hb)
                    + " s; the simulator processes every heartbeat while a task runs, so it"
                    + " refuses a run that long: set a time to stop at (until) within "
                    + TimeSeries.format(MAX_HEARTBEATS * hb)
                    + " s, a longer heartbeat, or a shorter task");
          }
        }
      }
    }

    // ---- main loop ----

    SimulationResult execute() {
      policy.start(nodes);
      if (discipline != null) discipline.start(this);
      double hb = config.heartbeatS();
      double until = config.untilS();
      long seriesEvery = Math.max(1, (long) Math.ceil(config.seriesIntervalS() / hb - 1e-9));
      long frameEvery =
          config.frameIntervalS() <= 0
              ? 0
              : Math.max(1, (long) Math.ceil(config.frameIntervalS() / hb - 1e-9));
      int[] jobOrder = tasks.jobOrder;
      int taskCount = tasks.count;
      if (jobOrder.length > 0)
        events.set(EventQueue.ARRIVAL, tasks.jobs.get(jobOrder[0]).arrivalS());
      if (outages.length > 0) events.set(EventQueue.OUTAGE, outages[0][0]);
      events.set(EventQueue.HEARTBEAT, tick * hb);
      long idleTicks = 0;
      long handled = 0;
      boolean stoppedByUntil = false;
      while (true) {
        if (arrivalPtr >= jobOrder.length && finished + unschedulable + abandoned == taskCount)
          break;
        if (running == 0 && queue.size() == 0 && !events.hasNodeEvents()) {
          // an empty, idle cluster until the next arrival or outage: let the heartbeats pass in one
          // step
          double tt = events.time(EventQueue.HEARTBEAT);
          double tNext = Math.min(events.time(EventQueue.ARRIVAL), events.time(EventQueue.OUTAGE));
          if (tNext > tt + hb && tNext != Double.POSITIVE_INFINITY) {
            long skip = (long) Math.floor((tNext - tt) / hb);
            if (skip > 0) {
              policy.idle(skip);
              tick += skip;
              events.set(EventQueue.HEARTBEAT, tick * hb);
            }
          }
        }
        double next = events.nextTime();
        if (next > until) {
          stoppedByUntil = true;
          break;
        }
        now = next;
        if ((++handled & 0xFFFF) == 0 && cancel.isCancelled()) {
          warnings.add(
              "cancelled at " + TimeSeries.format(now) + " s; the results cover the run so far");
          break;
        }
        int kind = events.nextKind();
        if (kind == EventQueue.NODE) {
          processNode(events.nextNode());
          continue;
        }
        if (kind == EventQueue.ARRIVAL) {
          arrive(jobOrder[arrivalPtr++]);
          if (arrivalPtr < jobOrder.length)
            events.set(EventQueue.ARRIVAL, tasks.jobs.get(jobOrder[arrivalPtr]).arrivalS());
          else events.remove(EventQueue.ARRIVAL);
          continue;
        }
        if (kind == EventQueue.OUTAGE) {
          outage(outages[outagePtr++]);
          if (outagePtr < outages.length) events.set(EventQueue.OUTAGE, outages[outagePtr][0]);
          else events.remove(EventQueue.OUTAGE);
          continue;
        }
        // heartbeat: the nodes report, then one scheduling pass
        nodes.heartbeat(policy);
        int placed = schedule();
        if (tick % seriesEvery == 0) {
          recorder.sample(now, nodes, policy, running, queue.size());
        }
        if (frameEvery > 0 && tick % frameEvery == 0) recorder.frame(now, nodes);
        if ((tick & 1023) == 0) {
          if (cancel.isCancelled()) {
            warnings.add(
                "cancelled at " + TimeSeries.format(now) + " s; the results cover the run so far");
            tick++;
            break;
          }
          double f =
              Double.isInfinite(until)
                  ? (taskCount == 0
                      ? 1
                      : (finished + unschedulable + abandoned) / (double) taskCount)
                  : now / until;
          progress.progress(
              Math.min(1, f),
              "simulated "
                  + TimeSeries.format(now)
                  + " s, "
                  + finished
                  + " of "
                  + taskCount
                  + " tasks finished");
        }
        tick++;
        events.set(EventQueue.HEARTBEAT, tick * hb);
        if (running == 0 && placed == 0 && arrivalPtr >= jobOrder.length) {
          if (queue.size() == 0) {
            int waiting = taskCount - finished - unschedulable - abandoned;
            warnings.add(
                waiting
                    + " tasks wait for task groups that can never finish (unschedulable, abandoned"
                    + " or cyclic 'after' dependencies); stopped at "
                    + TimeSeries.format(now)
                    + " s");
            break;
          }
          if (++idleTicks >= STALL_HEARTBEATS) {
            warnings.add(
                "stalled: "
                    + queue.size()
                    + " queued tasks did not fit on an idle cluster for "
                    + STALL_HEARTBEATS
                    + " heartbeats (the scheduler's estimate never fell enough); stopped at "
                    + TimeSeries.format(now)
                    + " s");
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

    /** A node outage event {time, count (negative: nodes fail), outage id, order}. */
    private void outage(double[] ev) {
      int id = (int) ev[2];
      if (ev[1] < 0) {
        int want = (int) -ev[1];
        int[] down = new int[want];
        int k = 0;
        long lostHere = 0;
        for (int n = nodes.count - 1; n >= 0 && k < want; n--) {
          if (nodes.down[n]) continue;
          nodes.advance(n, now);
          while (runningOn.size(n) > 0) {
            int t = runningOn.top(n);
            removeFromNode(t);
            tasks.state[t] = TaskTable.QUEUED;
            enqueue(t);
            lostHere++;
          }
          nodes.down[n] = true;
          updateNode(n);
          down[k++] = n;
        }
        down = Arrays.copyOf(down, k);
        outageNodes.put(id, down);
        lost += lostHere;
        timeline.add(
            new SimEvent(
                now,
                "nodes-down",
                k
                    + " nodes failed ("
                    + lostHere
                    + " running containers lost)"
                    + (k < want ? "; only " + k + " of the " + want + " requested were up" : "")));
        if (discipline != null && k > 0) discipline.nodesChanged(this, down, false);
      } else {
        int[] back = outageNodes.remove(id);
        if (back == null || back.length == 0) return;
        for (int n : back) nodes.down[n] = false;
        timeline.add(new SimEvent(now, "nodes-up", back.length + " nodes came back"));
        if (discipline != null) discipline.nodesChanged(this, back, true);
      }
    }

    private void arrive(int ji) {
      TaskTable tt = tasks;
      double at = tt.jobs.get(ji).arrivalS();
      int first = tt.jobFirstGroup[ji];
      int end = first + tt.jobGroupCount[ji];
      for (int g = first; g < end; g++) {
        byte st = tt.groupUnschedulable[g] ? TaskTable.UNSCHEDULABLE : TaskTable.WAITING;
        for (int k = 0; k < tt.groupCount[g]; k++) tt.state[tt.groupFirstTask[g] + k] = st;
        if (tt.groupUnschedulable[g]) {
          unschedulable += tt.groupCount[g];
          tt.jobEnded[ji] += tt.groupCount[g];
        }
      }
      // decide eligibility before releasing: releasing an empty group makes its dependents eligible
      // (and releases them) at once, and they must not be released a second time here
      boolean[] ready = new boolean[end - first];
      for (int g = first; g < end; g++) ready[g - first] = tt.groupUnmet[g] == 0;
      for (int g = first; g < end; g++) {
        if (ready[g - first]) release(g, at);
      }
      if (tt.jobTasks[ji] == 0) tt.jobFinish[ji] = at;
      if (discipline != null) discipline.jobArrived(this, ji);
    }

    /** Makes group g's tasks eligible (or finishes an empty group at once). */
    private void release(int g, double at) {
      TaskTable tt = tasks;
      if (tt.groupUnschedulable[g]) return;
      if (tt.groupCount[g] == 0) {
        groupDone(g);
        return;
      }
      int first = tt.groupFirstTask[g];
      for (int k = 0; k < tt.groupCount[g]; k++) {
        int t = first + k;
        tt.state[t] = TaskTable.QUEUED;
        tt.created[t] = at;
        enqueue(t);
      }
    }

    private void groupDone(int g) {
      for (int d : tasks.groupDependents[g]) {
        if (--tasks.groupUnmet[d] == 0) release(d, now);
      }
    }

    /** Node n's next phase end: tasks move to their next phase or end; memory risers may crash. */
    private void processNode(int n) {
      NodeTable nt = nodes;
      TaskTable tt = tasks;
      nt.advance(n, now);
      riserCount = 0;
      double tol = 1e-9 * Math.max(1, Math.abs(nt.progress[n]));
      while (runningOn.size(n) > 0 && tt.key[runningOn.top(n)] <= nt.progress[n] + tol) {
        int t = runningOn.top(n);
        int g = tt.group[t];
        int p = tt.phase[t] + 1;
        if (p < tt.phaseCount[g]) {
          int old = tt.phaseOffset[g] + tt.phase[t];
          int nw = old + 1;
          nt.memDemand[n] += tt.phaseMem[nw] - tt.phaseMem[old];
          nt.cpuDemand[n] += tt.phaseCpu[nw] - tt.phaseCpu[old];
          tt.phase[t] = p;
          tt.key[t] = tt.startProgress[t] + tt.phaseEnd[nw];
          runningOn.topKeyIncreased(n);
          if (tt.phaseMem[nw] > tt.phaseMem[old]) addRiser(t);
        } else {
          removeFromNode(t);
          finish(t);
        }
      }
      if (riserCount > 0 && nt.memoryOverflows(n)) {
        for (int i = 0; i < riserCount; i++) crash(riserBuf[i]);
      }
      updateNode(n);
    }

    private void addRiser(int t) {
      if (riserCount == riserBuf.length) riserBuf = Arrays.copyOf(riserBuf, riserCount * 2);
      riserBuf[riserCount++] = t;
    }

    /** After node n's demand or tasks changed: its speed and its next event. */
    private void updateNode(int n) {
      if (runningOn.size(n) == 0) {
        events.removeNode(n);
        nodes.emptied(n);
        return;
      }
      events.setNode(n, nodes.nextEventTime(n, tasks.key[runningOn.top(n)]));
    }

    private void finish(int t) {
      TaskTable tt = tasks;
      tt.state[t] = TaskTable.FINISHED;
      finished++;
      lastFinish = now;
      int g = tt.group[t];
      int ji = tt.groupJob[g];
      tt.jobFinished[ji]++;
      tt.jobEnded[ji]++;
      if (--tt.jobRemaining[ji] == 0) tt.jobFinish[ji] = now;
      if (--tt.groupRemaining[g] == 0) groupDone(g);
    }

    private void crash(int t) {
      TaskTable tt = tasks;
      if (tt.state[t] != TaskTable.RUNNING) return; // a riser that already ended at this instant
      removeFromNode(t);
      failures++;
      int ji = tt.jobOf(t);
      tt.jobFailures[ji]++;
      if (++tt.attempts[t] >= config.maxAttempts()) {
        tt.state[t] = TaskTable.ABANDONED;
        abandoned++;
        tt.jobEnded[ji]++;
        if (abandoned == 1) {
          warnings.add(
              "task "
                  + t
                  + " of job "
                  + tt.jobs.get(ji).id()
                  + " crashed "
                  + config.maxAttempts()
                  + " times and was abandoned (its job cannot finish); raise maxAttempts"
                  + " or give the tasks requests closer to their real memory use");
        }
        return;
      }
      tt.state[t] = TaskTable.QUEUED;
      enqueue(t);
    }

    private void enqueue(int t) {
      queue.add(t, tasks.jobOf(t));
    }

    /** Puts queued task t on node n: node table, task table, running heap, policy and pass log. */
    private void place(int t, int n) {
      TaskTable tt = tasks;
      int g = tt.group[t];
      nodes.advance(n, now);
      int ph = tt.phaseOffset[g];
      tt.start(t, g, n, nodes.progress[n], tick, now);
      nodes.add(n, tt.reqMem[g], tt.reqCpu[g], tt.phaseMem[ph], tt.phaseCpu[ph]);
      running++;
      runningOn.push(n, t);
      policy.allocated(n, tt.reqMem[g], tt.reqCpu[g]);
      pass.placed(n, t);
    }

    /** Takes a running task off its node: node table, job use, running heap and policy. */
    private void removeFromNode(int t) {
      TaskTable tt = tasks;
      int n = tt.node[t];
      int g = tt.group[t];
      int ph = tt.phaseOffset[g] + tt.phase[t];
      nodes.remove(n, tt.reqMem[g], tt.reqCpu[g], tt.phaseMem[ph], tt.phaseCpu[ph]);
      runningOn.remove(n, t);
      running--;
      tt.stop(g);
      // eq. 4's n_J: the heartbeats observed while the task ran. It was placed in the scheduling
      // pass
      // after heartbeat startTick, so heartbeats startTick + 1 .. tick − 1 saw it (tick is the next
      // heartbeat, not yet observed; a task crashing in its own placement pass saw none)
      policy.released(n, tt.reqMem[g], tt.reqCpu[g], Math.max(0, tick - tt.startTick[t] - 1));
    }

    // ---- scheduling ----

    /** The simulator's own FIFO pass, or the discipline's; returns the number of placements. */
    private int schedule() {
      if (discipline != null) return disciplineSchedule();
      if (queue.size() == 0) return 0;
      choice.rankAll();
      int placed = 0;
      pass.begin();
      while (queue.size() > 0) {
        int t = queue.head();
        int g = tasks.group[t];
        int n = choice.freestFor(tasks.reqMem[g], tasks.reqCpu[g]);
        if (n < 0) break;
        queue.poll();
        place(t, n);
        placed++;
        choice.changed(n);
      }
      settlePass();
      return placed;
    }

    /**
     * The scheduling pass of a {@link QueueDiscipline}: it places and preempts through {@link
     * SimControl}.
     */
    private int disciplineSchedule() {
      choice.rankAllWithBounds();
      placedInPass = 0;
      pass.begin();
      discipline.schedule(this);
      settlePass();
      return placedInPass;
    }

    /** After a pass: each touched node whose memory overflows crashes the tasks placed on it. */
    private void settlePass() {
      for (int i = 0; i < pass.count(); i++) {
        int n = pass.release(i);
        int[] list = pass.placedOn(i);
        if (nodes.memoryOverflows(n)) {
          for (int k = 1; k <= list[0]; k++) crash(list[k]);
        }
        updateNode(n);
      }
      pass.end();
    }

    // ---- SimControl ----

    @Override
    public int count() {
      return nodes.count;
    }

    @Override
    public double capacity(int node, int r) {
      return nodes.capacity(node, r);
    }

    @Override
    public double allowance(int node, int r) {
      return nodes.allowance(node, r);
    }

    @Override
    public double reserved(int node, int r) {
      return nodes.reserved(node, r);
    }

    @Override
    public double now() {
      return now;
    }

    @Override
    public Scenario scenario() {
      return scenario;
    }

    @Override
    public List<Job> jobs() {
      return tasks.jobs;
    }

    @Override
    public int queued(int job) {
      return queue.size(job);
    }

    @Override
    public int running(int job) {
      return tasks.jobRunning[job];
    }

    @Override
    public double used(int job, int r) {
      return r == SchedulerPolicy.MEMORY ? tasks.jobUsedMem[job] : tasks.jobUsedCpu[job];
    }

    @Override
    public double headRequest(int job, int r) {
      if (queued(job) == 0) return Double.NaN;
      int g = tasks.group[queue.head(job)];
      return r == SchedulerPolicy.MEMORY ? tasks.reqMem[g] : tasks.reqCpu[g];
    }

    @Override
    public boolean settled(int job) {
      return tasks.jobEnded[job] == tasks.jobTasks[job];
    }

    @Override
    public boolean up(int node) {
      return !nodes.down[node];
    }

    @Override
    public int place(int job) {
      if (queued(job) == 0) return -1;
      int g = tasks.group[queue.head(job)];
      int n = choice.freestWithinBounds(tasks.reqMem[g], tasks.reqCpu[g]);
      return n < 0 ? -1 : placeHead(job, n);
    }

    @Override
    public int placeOn(int job, int node) {
      if (queued(job) == 0) return -1;
      int g = tasks.group[queue.head(job)];
      return choice.fits(tasks.reqMem[g], tasks.reqCpu[g], node) ? placeHead(job, node) : -1;
    }

    private int placeHead(int job, int n) {
      int t = queue.poll(job);
      place(t, n);
      placedInPass++;
      choice.changed(n);
      return n;
    }

    @Override
    public int runningCount(int node) {
      return runningOn.size(node);
    }

    @Override
    public int runningTask(int node, int i) {
      return runningOn.at(node, i);
    }

    @Override
    public int jobOf(int task) {
      return tasks.jobOf(task);
    }

    @Override
    public double request(int task, int r) {
      int g = tasks.group[task];
      return r == SchedulerPolicy.MEMORY ? tasks.reqMem[g] : tasks.reqCpu[g];
    }

    @Override
    public double placedAt(int task) {
      return tasks.placedAt[task];
    }

    @Override
    public void preempt(int task) {
      if (tasks.state[task] != TaskTable.RUNNING)
        throw new IllegalArgumentException("task " + task + " is not running");
      int n = tasks.node[task];
      nodes.advance(n, now);
      removeFromNode(task);
      preempted++;
      tasks.state[task] = TaskTable.QUEUED;
      enqueue(task);
      pass.touch(n);
      choice.changedWithBounds(n);
    }

    @Override
    public void event(String kind, String text) {
      timeline.add(new SimEvent(now, kind, text));
    }

    // ---- result ----

    private SimulationResult result(double end) {
      int[] byState = tasks.countByState();
      List<Job> jobs = tasks.jobs;
      List<JobOutcome> outcomes = new ArrayList<>(jobs.size());
      double sum = 0;
      int done = 0;
      for (int ji = 0; ji < jobs.size(); ji++) {
        Job j = jobs.get(ji);
        double f = tasks.jobFinish[ji];
        boolean ok = !Double.isNaN(f);
        Boolean deadline = null;
        if (j.deadlineS() != null) deadline = ok && f <= j.deadlineS();
        double c = ok ? f - j.arrivalS() : Double.NaN;
        if (ok) {
          sum += c;
          done++;
        }
        outcomes.add(
            new JobOutcome(
                j.id(),
                j.kind(),
                j.arrivalS(),
                f,
                c,
                tasks.jobTasks[ji],
                tasks.jobFinished[ji],
                tasks.jobFailures[ji],
                deadline));
      }
      int taskCount = tasks.count;
      TimeSeries ts = recorder.timeSeries();
      return new SimulationResult(
          policy.name(),
          config.seed(),
          config.heartbeatS(),
          end,
          jobs.size(),
          done,
          taskCount,
          byState[TaskTable.FINISHED],
          byState[TaskTable.RUNNING],
          byState[TaskTable.QUEUED],
          byState[TaskTable.WAITING],
          byState[TaskTable.UNSCHEDULABLE],
          byState[TaskTable.ABANDONED],
          byState[TaskTable.NOT_ARRIVED],
          failures,
          taskCount == 0 ? 0 : failures / (double) taskCount,
          Double.isNaN(lastFinish) ? 0 : lastFinish,
          done == 0 ? Double.NaN : sum / done,
          outcomes,
          ts,
          nodes.ids,
          nodes.racks,
          recorder.frames(),
          warnings,
          preempted,
          lost,
          timeline,
          discipline == null ? SchedulerReport.NONE : discipline.report());
    }
  }
}
