package io.rayon.engine.scenario;

import io.rayon.engine.rdl.RdlCompiler;
import io.rayon.engine.trace.ImportResult;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.Queue;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.time.Durations;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.JobKind;
import io.rayon.model.workload.TaskGroup;
import io.rayon.model.workload.Workload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Turns an imported trace into a scenario that {@code plan} and {@code simulate} accept, whatever
 * the trace's length:
 *
 * <ol>
 *   <li><b>Window.</b> Only jobs submitted in {@code [fromS, untilS)} seconds after the trace's
 *       start are kept, and time is shifted so that {@code fromS} is second 0.
 *   <li><b>Unique ids.</b> A job id that occurs again (Hadoop Rumen's folded traces repeat job ids)
 *       gets its own id: the second occurrence of {@code job_1} becomes {@code job_1#2}, and so on;
 *       a warning says how many were renamed.
 *   <li><b>Step.</b> The plan step is {@code stepSeconds} when given; otherwise the smallest of
 *       {@link #STEP_LADDER} that keeps the horizon within {@link #TARGET_STEPS} steps, and the
 *       result says which step it chose and why.
 *   <li><b>Reservations.</b> Every job the importer marked {@link JobKind#PRODUCTION} (each format
 *       documents its rule) gets a reservation request, in queue {@code dedicated}: each task group
 *       becomes an atom {@code atom(request, g, count, l, count × l)} with l = ceil(task duration /
 *       step) and g = count for a rigid job (all its tasks at once, as a parallel job of an HPC log
 *       runs) or g = 1 for a malleable one; groups are joined by {@code order} in their dependency
 *       order; the whole is wrapped in {@code window(e, a, d)} where a is the arrival step and d
 *       the job's deadline step when the trace gives one (never shorter than the minimal duration
 *       on the whole cluster), else max(ceil(2 × D), D + 30) steps after a, D being that minimal
 *       duration (the rule of the SWIM scenarios of the Rayon paper's §6.1). The request arrives
 *       with the job. Best-effort jobs go to queue {@code default}.
 * </ol>
 *
 * <p>Deterministic: the same import and options give the same scenario, byte for byte once written.
 */
public final class ImportedScenario {
  private ImportedScenario() {}

  /** Steps (in seconds) the automatic choice tries, smallest first. */
  public static final long[] STEP_LADDER = {
    1, 5, 10, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 21_600, 43_200, 86_400
  };

  /**
   * The horizon the automatic step keeps within: plans and simulations of this many steps run in
   * seconds to minutes on a laptop (a year at 5-minute steps is 105,120 steps).
   */
  public static final long TARGET_STEPS = 120_000;

  /**
   * How to build the scenario: {@code stepSeconds} null for the automatic choice; the window in
   * seconds after the trace's start ({@code untilS} null for no end).
   */
  public record Options(Long stepSeconds, long fromS, Long untilS) {
    public static final Options DEFAULT = new Options(null, 0, null);

    public Options {
      if (stepSeconds != null && stepSeconds < 1)
        throw new IllegalArgumentException(
            "the step must be at least 1 s, got " + stepSeconds + " s");
      if (fromS < 0)
        throw new IllegalArgumentException(
            "the window must start at 0 or later, got " + fromS + " s");
      if (untilS != null && untilS <= fromS) {
        throw new IllegalArgumentException(
            "the window "
                + Durations.format(Duration.ofSeconds(fromS))
                + ".."
                + Durations.format(Duration.ofSeconds(untilS))
                + " is empty; its end must come after its start");
      }
    }
  }

  /** The scenario and what the builder chose or changed, for the user to read. */
  public record Result(Scenario scenario, List<String> notes) {}

  /**
   * Builds the scenario, or {@link IllegalArgumentException} when no job is left (an empty trace,
   * or a window that holds no job): an empty scenario is not a useful import.
   */
  public static Result build(
      String name,
      String description,
      ImportResult imported,
      Cluster cluster,
      Options o,
      Map<String, String> settings) {
    List<String> notes = new ArrayList<>();
    List<Job> all = imported.workload().jobs();
    // 1. window
    List<Job> kept = new ArrayList<>(all.size());
    for (Job j : all) {
      if (j.arrivalS() < o.fromS() || (o.untilS() != null && j.arrivalS() >= o.untilS())) continue;
      kept.add(o.fromS() == 0 ? j : shift(j, -o.fromS()));
    }
    if (kept.isEmpty()) {
      if (all.isEmpty())
        throw new IllegalArgumentException("the trace holds no job that can be imported");
      throw new IllegalArgumentException(
          "no job is submitted in the window "
              + window(o)
              + " (the trace's "
              + all.size()
              + " jobs are submitted between "
              + Durations.format(Duration.ofSeconds(minArrival(all)))
              + " and "
              + Durations.format(Duration.ofSeconds(maxArrival(all)))
              + ")");
    }
    if (kept.size() < all.size())
      notes.add(
          "kept the "
              + kept.size()
              + " of "
              + all.size()
              + " jobs submitted in the window "
              + window(o));
    // 2. unique ids
    kept = uniqueIds(kept, notes);
    // 3. step
    long endS = 1;
    for (Job j : kept) endS = Math.max(endS, satAdd(j.arrivalS(), jobLength(j)));
    for (Job j : kept) if (j.deadlineS() != null) endS = Math.max(endS, j.deadlineS() - o.fromS());
    long step;
    if (o.stepSeconds() != null) {
      step = o.stepSeconds();
    } else {
      step = STEP_LADDER[STEP_LADDER.length - 1];
      for (long s : STEP_LADDER) {
        // the reservations' windows may reach about 3 times the longest job beyond the trace's end
        if (ceilDiv(endS, s) * 2 <= TARGET_STEPS) {
          step = s;
          break;
        }
      }
      notes.add(
          "step "
              + Durations.format(Duration.ofSeconds(step))
              + " chosen so that the trace's "
              + Durations.format(Duration.ofSeconds(endS))
              + " takes at most "
              + TARGET_STEPS / 2
              + " plan steps, leaving room for the reservations' deadlines; --step sets it");
    }
    // 4. reservations
    List<Job> jobs = new ArrayList<>(kept.size());
    List<ReservationRequest> reservations = new ArrayList<>();
    long horizon = Math.max(1, ceilDiv(endS, step));
    Set<String> users = new LinkedHashSet<>();
    for (Job j : kept) {
      if (j.kind() != JobKind.PRODUCTION || j.reservationId() != null || j.tasks().isEmpty()) {
        jobs.add(
            j.kind() == JobKind.PRODUCTION && j.reservationId() == null
                ? new Job(
                    j.id(),
                    j.name(),
                    j.user(),
                    "default",
                    JobKind.BEST_EFFORT,
                    j.arrivalS(),
                    null,
                    null,
                    j.tasks())
                : withQueue(j, "default"));
        continue;
      }
      long a = j.arrivalS() / step;
      Rdl body = rdl(j, step, imported.rigid(), null);
      long minD = minDurationOnCluster(j, cluster, step, imported.rigid());
      long d;
      if (j.deadlineS() != null) {
        d = Math.max(ceilDiv(j.deadlineS() - o.fromS(), step), a + minD);
      } else {
        d = a + Math.max((long) Math.ceil(minD * 2.0), minD + 30);
      }
      horizon = Math.max(horizon, d);
      String rid = "res-" + j.id();
      users.add(j.user());
      reservations.add(
          new ReservationRequest(
              rid, j.id(), j.user(), "dedicated", new Rdl.Window(body, a, d), 0, a));
      jobs.add(
          new Job(
              j.id(),
              j.name(),
              j.user(),
              "dedicated",
              JobKind.PRODUCTION,
              j.arrivalS(),
              d * step,
              rid,
              j.tasks()));
    }
    for (Job j : jobs) users.add(j.user());
    Queue root =
        reservations.isEmpty()
            ? Queue.leaf("root", 1.0, 1.0, true)
            : new Queue(
                "root",
                1.0,
                1.0,
                1.0,
                false,
                List.of(
                    new Queue("dedicated", 0.7, 1.0, 1.0, true, List.of()),
                    new Queue("default", 0.3, 1.0, 1.0, false, List.of())));
    if (reservations.isEmpty()) {
      jobs = kept;
      notes.add(
          "no job qualifies for a reservation under the format's rule (docs/traces.md); all are best effort");
    } else {
      notes.add(
          reservations.size()
              + " of "
              + jobs.size()
              + " jobs get a reservation (production jobs, by the format's rule in docs/traces.md)");
    }
    Map<String, String> s = new TreeMap<>(settings);
    s.put("import.step", Durations.format(Duration.ofSeconds(step)));
    if (o.fromS() != 0 || o.untilS() != null) s.put("import.window", window(o));
    Scenario scenario =
        new Scenario(
            Scenario.FORMAT_VERSION,
            name,
            description,
            step,
            horizon,
            cluster,
            root,
            new ArrayList<>(users),
            null,
            reservations,
            new Workload(imported.workload().source(), jobs),
            s);
    return new Result(scenario, notes);
  }

  /**
   * The RDL of a production job: one atom per task group; groups at the same depth of the
   * dependency graph (those that wait for nothing, those that wait only for them, ...) are joined
   * by {@code all}, the depths by {@code order}. With {@code cluster} given, each atom's
   * parallelism is capped by the bundles the cluster holds (for the job's minimal duration).
   */
  static Rdl rdl(Job j, long step, boolean rigid, Cluster cluster) {
    Map<String, Integer> level = new HashMap<>();
    List<TaskGroup> groups = j.tasks();
    boolean changed = true;
    for (int round = 0; changed && round <= groups.size(); round++) {
      changed = false;
      for (TaskGroup g : groups) {
        int lv = 0;
        for (String a : g.after()) lv = Math.max(lv, level.getOrDefault(a, 0) + 1);
        Integer old = level.put(g.name(), lv);
        if (old == null || old != lv) changed = true;
      }
    }
    TreeMap<Integer, List<Rdl>> byLevel = new TreeMap<>();
    for (TaskGroup g : groups) {
      long l = Math.max(1, ceilDiv(g.durationS(), step));
      int gang = rigid ? g.count() : 1;
      int h = g.count();
      if (cluster != null)
        h =
            (int)
                Math.min(
                    g.count(), Math.max(gang, RdlCompiler.clusterBundles(cluster, g.request())));
      byLevel
          .computeIfAbsent(level.get(g.name()), k -> new ArrayList<>())
          .add(new Rdl.Atom(g.request(), gang, h, l, satMul(g.count(), l)));
    }
    List<Rdl> stages = new ArrayList<>();
    for (List<Rdl> atoms : byLevel.values()) {
      // groups of one depth with the same bundle and gang form one atom: its tasks may run side by
      // side, each lease as long as the longest (Rumen lists every task as its own group)
      Map<List<Object>, Rdl.Atom> merged = new LinkedHashMap<>();
      for (Rdl r : atoms) {
        Rdl.Atom a = (Rdl.Atom) r;
        merged.merge(
            List.of(a.bundle(), a.gang()),
            a,
            (x, y) ->
                new Rdl.Atom(
                    x.bundle(),
                    x.gang(),
                    (int)
                        Math.min(Integer.MAX_VALUE, (long) x.maxParallelism() + y.maxParallelism()),
                    Math.max(x.minLease(), y.minLease()),
                    satAdd(x.work(), y.work())));
      }
      List<Rdl> parts = new ArrayList<>(merged.values());
      stages.add(parts.size() == 1 ? parts.get(0) : new Rdl.All(parts));
    }
    return stages.size() == 1 ? stages.get(0) : new Rdl.Order(stages);
  }

  /** Minimal duration in steps with parallelism capped by the bundles the whole cluster holds. */
  static long minDurationOnCluster(Job j, Cluster cluster, long step, boolean rigid) {
    return RdlCompiler.minDuration(rdl(j, step, rigid, cluster));
  }

  private static List<Job> uniqueIds(List<Job> jobs, List<String> notes) {
    Map<String, Integer> seen = new HashMap<>();
    List<Job> out = new ArrayList<>(jobs.size());
    int renamed = 0;
    String example = null;
    Set<String> taken = new HashSet<>();
    for (Job j : jobs) taken.add(j.id());
    for (Job j : jobs) {
      int n = seen.merge(j.id(), 1, Integer::sum);
      if (n == 1) {
        out.add(j);
        continue;
      }
      String id = j.id() + "#" + n;
      while (taken.contains(id)) id = id + "'";
      taken.add(id);
      renamed++;
      if (example == null) example = j.id() + " -> " + id;
      out.add(
          new Job(
              id,
              j.name(),
              j.user(),
              j.queue(),
              j.kind(),
              j.arrivalS(),
              j.deadlineS(),
              j.reservationId(),
              j.tasks()));
    }
    if (renamed > 0) {
      notes.add(
          renamed
              + " jobs repeat an earlier job's id (folded traces do): each occurrence got its own id, e.g. "
              + example);
    }
    return out;
  }

  private static Job shift(Job j, long by) {
    return new Job(
        j.id(),
        j.name(),
        j.user(),
        j.queue(),
        j.kind(),
        j.arrivalS() + by,
        j.deadlineS() == null ? null : j.deadlineS() + by,
        j.reservationId(),
        j.tasks());
  }

  private static Job withQueue(Job j, String queue) {
    return new Job(
        j.id(),
        j.name(),
        j.user(),
        queue,
        j.kind(),
        j.arrivalS(),
        j.deadlineS(),
        j.reservationId(),
        j.tasks());
  }

  /** A job's length if its groups ran one after another: an upper bound on its span. */
  private static long jobLength(Job j) {
    long d = 0;
    for (TaskGroup g : j.tasks()) d = satAdd(d, Math.max(0, g.durationS()));
    return d;
  }

  private static String window(Options o) {
    return Durations.format(Duration.ofSeconds(o.fromS()))
        + ".."
        + (o.untilS() == null ? "" : Durations.format(Duration.ofSeconds(o.untilS())));
  }

  private static long minArrival(List<Job> jobs) {
    long m = Long.MAX_VALUE;
    for (Job j : jobs) m = Math.min(m, j.arrivalS());
    return m;
  }

  private static long maxArrival(List<Job> jobs) {
    long m = 0;
    for (Job j : jobs) m = Math.max(m, j.arrivalS());
    return m;
  }

  private static long ceilDiv(long a, long b) {
    return a / b + (a % b == 0 ? 0 : 1);
  }

  private static long satAdd(long a, long b) {
    long r = a + b;
    return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
  }

  private static long satMul(long a, long b) {
    long hi = Math.multiplyHigh(a, b);
    long lo = a * b;
    return (hi == 0 && lo >= 0) ? lo : Long.MAX_VALUE;
  }
}
