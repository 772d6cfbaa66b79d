package io.rayon.engine.sim.rush;

import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.rush.RushJobSpec;
import io.rayon.model.rush.RushScenario;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * A container-level, event-driven simulator of the RUSH paper's system model ("RUSH: A RobUst
 * ScHeduler to Manage Uncertain Completion-Times in Shared Clouds" §II, §IV): C homogeneous
 * containers; jobs arrive at their arrival time with independent tasks; each task holds one
 * container until it finishes (no preemption). Whenever a container frees or a job arrives while a
 * container is free and a task waits, the {@link RushScheduler} decides which waiting job gets each
 * free container (the paper's container-assignment unit is "triggered whenever there is an empty
 * container").
 *
 * <p><b>Runtimes.</b> Task k of job j runs for the k-th draw of a random stream seeded with the
 * scenario's seed and j's position in the scenario, drawn before the run: every scheduler sees the
 * same runtimes for the same task, and a run is deterministic. Tasks of a job start in order k = 0,
 * 1, ... Events at the same instant (finishes and arrivals) are handled together, then the
 * scheduler is asked once.
 *
 * <p><b>Snapshots</b> are kept for at most {@link #maxSnapshots(int)} events: when the list is full
 * every other one is dropped and from then on only every second (fourth, ...) event is kept; the
 * first event and the last are always among them.
 *
 * <p>Cancellation is checked at every event and ends the run with {@link
 * io.rayon.engine.task.CancelledException} (a partial run has no meaningful utilities).
 */
public final class RushSimulator {
  private RushSimulator() {}

  /** The most snapshot array entries (snapshots × jobs) a run keeps. */
  static final long MAX_SNAPSHOT_ENTRIES = 2_000_000;

  /** How many snapshots a run over {@code jobs} jobs keeps at most: 4,000, fewer for many jobs. */
  public static int maxSnapshots(int jobs) {
    return (int) Math.max(16, Math.min(4000, MAX_SNAPSHOT_ENTRIES / Math.max(1, jobs)));
  }

  /** Runs the scenario with the scheduler; pure and deterministic. */
  public static RushRunResult run(
      RushScenario scenario,
      RushScheduler scheduler,
      ProgressListener progress,
      CancellationToken cancel) {
    Objects.requireNonNull(scenario, "scenario");
    Objects.requireNonNull(scheduler, "scheduler");
    progress = progress == null ? ProgressListener.NONE : progress;
    cancel = cancel == null ? CancellationToken.NEVER : cancel;
    return new Run(scenario, scheduler, progress, cancel).run();
  }

  /** The runtimes of every task of job {@code index}, as the simulator draws them. */
  public static double[] taskRuntimes(RushScenario scenario, int index) {
    RushJobSpec spec = scenario.jobs().get(index);
    SplittableRandom r = new SplittableRandom(mix(scenario.seed(), index));
    double[] out = new double[spec.tasks()];
    for (int k = 0; k < out.length; k++) out[k] = spec.runtime().sample(r);
    return out;
  }

  private static long mix(long seed, int index) {
    long z = seed + 0x9E3779B97F4A7C15L * (index + 1L);
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** One job's state in a run. */
  private static final class Job implements RushScheduler.JobView {
    final int index;
    final RushJobSpec spec;
    final double[] runtimes;
    int next; // next task to start
    int finished;
    double[] runningStart = new double[4];
    int running;
    double[] finishedRuntimes = new double[4];
    // their sum in finishing order from 0, as the interface's meanTaskRuntime adds them up
    double finishedSum;
    double completion = Double.NaN;
    double targetAtArrival = Double.NaN;
    double projectedAtArrival = Double.NaN;
    boolean everHopeless;
    double now;

    Job(int index, RushJobSpec spec, double[] runtimes) {
      this.index = index;
      this.spec = spec;
      this.runtimes = runtimes;
    }

    @Override
    public int index() {
      return index;
    }

    @Override
    public RushJobSpec spec() {
      return spec;
    }

    @Override
    public int pendingTasks() {
      return spec.tasks() - next;
    }

    @Override
    public int runningTasks() {
      return running;
    }

    @Override
    public double[] runningElapsed() {
      double[] e = new double[running];
      for (int i = 0; i < running; i++) e[i] = now - runningStart[i];
      return e;
    }

    @Override
    public double[] finishedRuntimes() {
      return Arrays.copyOf(finishedRuntimes, finished);
    }

    @Override
    public int finishedTasks() {
      return finished;
    }

    /**
     * The interface's mean, from the sum kept as tasks finish: the same additions in the same
     * order, so the same value, without copying and adding up every finished runtime again at every
     * event (quadratic in a job's tasks: a job of 10^6 tasks ran for more than five minutes).
     */
    @Override
    public double meanTaskRuntime() {
      return finished == 0 ? priorTaskRuntime() : finishedSum / finished;
    }

    void start(double t) {
      if (running == runningStart.length) runningStart = Arrays.copyOf(runningStart, running * 2);
      runningStart[running++] = t;
      next++;
    }

    void finish(double start, double runtime) {
      for (int i = 0; i < running; i++) {
        if (runningStart[i] == start) {
          runningStart[i] = runningStart[--running];
          break;
        }
      }
      if (finished == finishedRuntimes.length)
        finishedRuntimes = Arrays.copyOf(finishedRuntimes, finished * 2);
      finishedRuntimes[finished++] = runtime;
      finishedSum += runtime;
    }

    boolean done() {
      return finished == spec.tasks();
    }
  }

  /** A running task's end. */
  private record End(double time, int job, double start, double runtime, long seq)
      implements Comparable<End> {
    @Override
    public int compareTo(End o) {
      int c = Double.compare(time, o.time);
      return c != 0 ? c : Long.compare(seq, o.seq);
    }
  }

  private static final class Run {
    final RushScenario scenario;
    final RushScheduler scheduler;
    final ProgressListener progress;
    final CancellationToken cancel;
    final Job[] jobs;
    final Integer[] arrivalOrder;
    final int n;
    final int capacity;
    final long totalTasks;
    final int maxSnapshots;
    final List<RushSnapshot> snapshots = new ArrayList<>();
    final List<Job> active = new ArrayList<>(); // arrived, unfinished, in arrival order
    final PriorityQueue<End> ends = new PriorityQueue<>();
    double[] lastTarget;
    double[] lastProjected;
    boolean[] lastHopeless;
    long stride = 1;
    long events;
    long finishedTasks;
    long seq;
    int free;

    Run(
        RushScenario scenario,
        RushScheduler scheduler,
        ProgressListener progress,
        CancellationToken cancel) {
      this.scenario = scenario;
      this.scheduler = scheduler;
      this.progress = progress;
      this.cancel = cancel;
      this.n = scenario.jobs().size();
      this.capacity = scenario.containers();
      this.totalTasks = scenario.totalTasks();
      this.maxSnapshots = maxSnapshots(n);
      this.jobs = new Job[n];
      for (int i = 0; i < n; i++)
        jobs[i] = new Job(i, scenario.jobs().get(i), taskRuntimes(scenario, i));
      arrivalOrder = new Integer[n];
      for (int i = 0; i < n; i++) arrivalOrder[i] = i;
      Arrays.sort(
          arrivalOrder,
          (a, b) -> {
            int c = Double.compare(jobs[a].spec.arrival(), jobs[b].spec.arrival());
            return c != 0 ? c : Integer.compare(a, b);
          });
      this.free = capacity;
      lastTarget = new double[n];
      lastProjected = new double[n];
      lastHopeless = new boolean[n];
      Arrays.fill(lastTarget, Double.NaN);
      Arrays.fill(lastProjected, Double.NaN);
    }

    RushRunResult run() {
      int nextArrival = 0;
      progress.progress(0, "simulating " + n + " jobs with " + scheduler.name());
      while (nextArrival < n || !ends.isEmpty()) {
        cancel.throwIfCancelled();
        double tA =
            nextArrival < n
                ? jobs[arrivalOrder[nextArrival]].spec.arrival()
                : Double.POSITIVE_INFINITY;
        double tE = ends.isEmpty() ? Double.POSITIVE_INFINITY : ends.peek().time();
        double now = Math.min(tA, tE);
        while (!ends.isEmpty() && ends.peek().time() == now) {
          End e = ends.poll();
          Job j = jobs[e.job()];
          j.finish(e.start(), e.runtime());
          free++;
          finishedTasks++;
          if (j.done()) {
            j.completion = now;
            active.remove(j);
            lastProjected[j.index] = now;
          }
        }
        while (nextArrival < n && jobs[arrivalOrder[nextArrival]].spec.arrival() == now) {
          active.add(jobs[arrivalOrder[nextArrival++]]);
        }
        schedule(now);
        if (++events % 256 == 0) {
          progress.progress(
              totalTasks == 0 ? 1 : finishedTasks / (double) totalTasks,
              finishedTasks + " of " + totalTasks + " tasks done at " + Math.round(now) + " s");
        }
      }
      if (free != capacity)
        throw new IllegalStateException(
            "run ended with " + (capacity - free) + " containers still busy");
      List<RushJobResult> results = new ArrayList<>(n);
      for (Job j : jobs) {
        double latency = j.completion - j.spec.arrival();
        double deadline = j.spec.deadline();
        results.add(
            new RushJobResult(
                j.spec.id(),
                j.spec.template(),
                j.spec.jobClass(),
                j.spec.utility(),
                j.spec.tasks(),
                j.spec.arrival(),
                j.completion,
                latency,
                j.spec.utility().value(latency),
                j.completion > deadline,
                deadline,
                j.targetAtArrival,
                j.projectedAtArrival,
                j.everHopeless));
      }
      progress.progress(1, "done: " + totalTasks + " tasks");
      return new RushRunResult(
          scheduler.name(), scheduler.settings(), results, snapshots, RushMetrics.of(results));
    }

    void schedule(double now) {
      for (Job j : active) j.now = now;
      boolean waiting = false;
      for (Job j : active) {
        if (j.pendingTasks() > 0) {
          waiting = true;
          break;
        }
      }
      if (free == 0 || !waiting) {
        snapshot(now, null);
        return;
      }
      List<RushScheduler.JobView> views = new ArrayList<>(active);
      RushScheduler.Grant g =
          scheduler.schedule(
              new RushScheduler.Event(now, capacity, free, scenario.slotSeconds(), views));
      if (g.containers().length > free) {
        throw new IllegalStateException(
            scheduler.name()
                + " handed out "
                + g.containers().length
                + " containers; only "
                + free
                + " are free");
      }
      for (int k : g.containers()) {
        if (k < 0 || k >= views.size())
          throw new IllegalStateException(
              scheduler.name()
                  + " granted a container to position "
                  + k
                  + " of "
                  + views.size()
                  + " jobs");
        Job j = (Job) views.get(k);
        if (j.pendingTasks() == 0)
          throw new IllegalStateException(
              scheduler.name()
                  + " granted a container to job "
                  + j.spec.id()
                  + ", which has no waiting task");
        double runtime = j.runtimes[j.next];
        j.start(now);
        free--;
        ends.add(new End(now + runtime, j.index, now, runtime, seq++));
      }
      snapshot(now, new Answer(views, g));
    }

    private record Answer(List<RushScheduler.JobView> views, RushScheduler.Grant grant) {}

    void snapshot(double now, Answer a) {
      // the scheduler's view of each active job; the default projection for the others
      if (a != null) {
        RushScheduler.Grant g = a.grant();
        for (int k = 0; k < a.views().size(); k++) {
          Job j = (Job) a.views().get(k);
          lastTarget[j.index] = g.targetCompletion() == null ? Double.NaN : g.targetCompletion()[k];
          lastProjected[j.index] =
              g.projectedCompletion() == null ? project(j, now) : g.projectedCompletion()[k];
          lastHopeless[j.index] = g.hopeless() != null && g.hopeless()[k];
          if (lastHopeless[j.index]) j.everHopeless = true;
          // the first value the scheduler had for the job (a baseline projects only once the job
          // holds a container)
          if (Double.isNaN(j.targetAtArrival)) j.targetAtArrival = lastTarget[j.index];
          if (Double.isNaN(j.projectedAtArrival)) j.projectedAtArrival = lastProjected[j.index];
        }
      } else {
        for (Job j : active) lastProjected[j.index] = project(j, now);
      }
      boolean last =
          ends.isEmpty()
              && active.isEmpty(); // the cluster is idle (the end, or a gap before an arrival)
      if (!last && events % stride != 0) return;
      int[] containers = new int[n];
      boolean[] finished = new boolean[n];
      double[] target = lastTarget.clone();
      double[] projected = lastProjected.clone();
      for (Job j : jobs) {
        containers[j.index] = j.running;
        finished[j.index] = j.done();
        if (j.spec.arrival() > now) {
          target[j.index] = Double.NaN;
          projected[j.index] = Double.NaN;
        }
      }
      snapshots.add(
          new RushSnapshot(now, containers, target, projected, lastHopeless.clone(), finished));
      if (snapshots.size() >= maxSnapshots) {
        List<RushSnapshot> kept = new ArrayList<>(snapshots.size() / 2 + 1);
        for (int i = 0; i < snapshots.size(); i += 2) kept.add(snapshots.get(i));
        snapshots.clear();
        snapshots.addAll(kept);
        stride *= 2;
      }
    }

    /** {@code now + remaining mean work / held containers}; NaN while the job holds none. */
    static double project(Job j, double now) {
      if (j.running == 0) return Double.NaN;
      return now + j.remainingMeanWork() / j.running;
    }
  }
}
