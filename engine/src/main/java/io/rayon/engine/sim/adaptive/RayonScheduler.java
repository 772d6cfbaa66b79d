package io.rayon.engine.sim.adaptive;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanView;
import io.rayon.engine.planning.Planner;
import io.rayon.engine.reservation.Adapter;
import io.rayon.engine.reservation.PlanFollower;
import io.rayon.engine.reservation.ReservationSystem;
import io.rayon.engine.sim.QueueDiscipline;
import io.rayon.engine.sim.SchedulerPolicy;
import io.rayon.engine.sim.SchedulerReport;
import io.rayon.engine.sim.SchedulerReport.AllocationSample;
import io.rayon.engine.sim.SimControl;
import io.rayon.engine.sim.SimNodes;
import io.rayon.model.cluster.CapacityChange;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.JobKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Rayon's adaptive scheduler (Rayon §5.1 steps 5–8, §5.2, §6.4) inside the simulator. Before the
 * run it plans the scenario's reservations online in arrival order with the chosen planner on a
 * plan whose capacity is the reservable share of the cluster (70% in §6.4), every request's work
 * inflated by the over-reservation factor (§6.4.2; 0 by default). During the run:
 *
 * <ul>
 *   <li><b>PlanFollower</b> (§5.2): at every plan step (its timer; the plan does not change within
 *       a step) and after every re-plan it reads the plan at the current step ({@link
 *       PlanFollower#settingsAt}) and sets one queue per active reservation whose guaranteed
 *       capacity is the reservation's planned allocation, plus the default queue. Jobs of a
 *       reservation whose plan has ended (expired) move to the default queue.
 *   <li><b>Scheduling pass</b> (§5.1 step 6), every heartbeat: (1) each active reservation's jobs
 *       get containers until they hold their planned allocation, preempting lent containers when no
 *       node has room; (2) idle resources go to the default queue (best-effort jobs, FIFO by
 *       creation, as a YARN leaf queue); (3) what is still idle goes to production jobs beyond
 *       their allocation and to jobs whose reservation starts later (work anticipated), in rounds
 *       of one container per job, the least served job first (fair sharing among them).
 *   <li><b>Preemption</b> ([41], §6.4): when a reservation is below its allocation and has queued
 *       work that fits in it, containers lent to queues above their guarantee (the default queue
 *       above the unreserved capacity, reservation queues above their allocation, anticipated work)
 *       are taken back on the node where the fewest containers free enough room, newest first.
 *       Preempted containers are counted.
 *   <li><b>Adapter</b> (§5.2): node failures and returns become capacity changes of the plan (the
 *       reservable share of the lost nodes' capacity) handed to {@link Adapter#onCapacityChange},
 *       which re-plans from the current step and rejects a posteriori what no longer fits; their
 *       jobs continue in the default queue.
 *   <li><b>Delay correction</b> (§5.2, option {@code delay-correction}, off by default): "the
 *       adapter continuously monitors this scheduling delay for all task sizes, and adjust for it,
 *       by anticipating and increasing the allocations of jobs that require large tasks". The paper
 *       gives no formula; our reading: the scheduling delay of a reservation's container is the
 *       time from when its guarantee first had room for it to its placement (0 when placed at
 *       once), averaged per size class (the container's larger share of a node's memory or vcores:
 *       up to 1/8, 1/4, 1/2, more). With the correction on, the PlanFollower gives each
 *       reservation, at step s, the largest of its planned allocations over steps s … s + k, where
 *       k is its size class's mean delay in plan steps (rounded up, at most 16): its queue opens k
 *       steps before its plan starts (anticipating) and holds its allocation of the next k steps
 *       now (increasing).
 * </ul>
 *
 * <p>Readings the paper leaves open: a production job whose reservation was rejected (at admission
 * or after a failure), or that has none, runs as best effort in the default queue; a production job
 * that needs more than reserved continues as best effort once its reservation has expired (§6.4.2);
 * a node offers its allowance minus the requests of its running containers (YARN's reservation
 * model); guarantees compare memory and vcores separately (a container is placed in its
 * reservation's guarantee only if both fit).
 */
public final class RayonScheduler implements SchedulerPolicy, QueueDiscipline {
  public static final String NAME = "rayon";
  private static final int M = SchedulerPolicy.MEMORY;
  private static final int C = SchedulerPolicy.CPU;
  private static final double EPS = 1e-6;

  private final String plannerName;
  private final Planner planner;
  private final double reservable;
  private final double overReserve;
  private final boolean preemption;
  private final boolean delayCorrection;

  /**
   * Size classes of containers for the delay correction: a node share up to 1/8, 1/4, 1/2, more.
   */
  static final double[] SIZE_CLASS_LIMITS = {0.125, 0.25, 0.5, Double.POSITIVE_INFINITY};

  static final long MAX_ANTICIPATION_STEPS = 16;
  private final double[] delaySum = new double[SIZE_CLASS_LIMITS.length];
  private final long[] delayCount = new long[SIZE_CLASS_LIMITS.length];

  /** Per job: since when its head task waits with room in its guarantee (NaN: not waiting). */
  private double[] waitingSince = new double[0];

  private double nodeMemory = 1;
  private double nodeVcores = 1;
  private final Map<String, Integer> sizeClassOf = new HashMap<>();
  private long anticipatedSettings;

  private SimNodes nodes;
  private Scenario scenario;
  private long stepSeconds;
  private ReservationSystem system;
  private Adapter adapter;

  /** Reservation ids and, per reservation, its jobs. */
  private final Map<String, List<Integer>> jobsOf = new LinkedHashMap<>();

  private final Map<String, Boolean> accepted = new LinkedHashMap<>();
  private final Map<String, String> rejectionReason = new LinkedHashMap<>();
  private final List<String> rejectedAfterFailureIds = new ArrayList<>();
  private final List<Integer> active = new ArrayList<>();
  private final List<AllocationSample> samples = new ArrayList<>();
  private int production;
  private int acceptedAtAdmission;
  private int replans;
  private int rejectedAfterFailure;
  private long unmetHeartbeats;
  private double unmetSeconds;
  private double lastPass = Double.NaN;

  // the follower's settings
  private long followedStep = Long.MIN_VALUE;
  private boolean dirty = true;
  private final Map<String, double[]> guaranteed = new LinkedHashMap<>();
  private final Map<String, Long> lastStep = new HashMap<>();

  public RayonScheduler(
      String plannerName,
      Planner planner,
      double reservable,
      double overReserve,
      boolean preemption) {
    this(plannerName, planner, reservable, overReserve, preemption, false);
  }

  /**
   * @param delayCorrection the Adapter's correction of scheduling delays by container size (§5.2;
   *     see above)
   */
  public RayonScheduler(
      String plannerName,
      Planner planner,
      double reservable,
      double overReserve,
      boolean preemption,
      boolean delayCorrection) {
    if (!(reservable > 0 && reservable <= 1))
      throw new IllegalArgumentException("reservable must be in (0, 1], got " + reservable);
    if (!(overReserve >= 0))
      throw new IllegalArgumentException("over-reserve must be 0 or more, got " + overReserve);
    this.plannerName = plannerName;
    this.planner = planner;
    this.reservable = reservable;
    this.overReserve = overReserve;
    this.preemption = preemption;
    this.delayCorrection = delayCorrection;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String settings() {
    return String.format(
        Locale.ROOT,
        " (planner %s, %.0f%% reservable%s%s%s)",
        plannerName,
        reservable * 100,
        overReserve > 0
            ? String.format(Locale.ROOT, ", over-reserve +%.0f%%", overReserve * 100)
            : "",
        preemption ? "" : ", no preemption",
        delayCorrection ? ", delay correction" : "");
  }

  // ---- SchedulerPolicy: the reservation model (a node offers its allowance minus its containers'
  // requests)

  @Override
  public void start(SimNodes nodes) {
    this.nodes = nodes;
    for (int n = 0; n < nodes.count(); n++) {
      nodeMemory = Math.max(nodeMemory, nodes.capacity(n, M));
      nodeVcores = Math.max(nodeVcores, nodes.capacity(n, C));
    }
  }

  /** The size class of a container requesting {@code memoryMB} and {@code vcores}. */
  int sizeClass(double memoryMB, double vcores) {
    double share = Math.max(memoryMB / nodeMemory, vcores / nodeVcores);
    for (int i = 0; i < SIZE_CLASS_LIMITS.length; i++) if (share <= SIZE_CLASS_LIMITS[i]) return i;
    return SIZE_CLASS_LIMITS.length - 1;
  }

  /**
   * Mean measured scheduling delay of reservation containers of each size class (seconds; NaN: none
   * seen).
   */
  public double[] meanSchedulingDelays() {
    double[] out = new double[delaySum.length];
    for (int i = 0; i < out.length; i++)
      out[i] = delayCount[i] == 0 ? Double.NaN : delaySum[i] / delayCount[i];
    return out;
  }

  private void placedInGuarantee(SimControl c, int j, double memoryMB, double vcores) {
    double since = waitingSince[j];
    int k = sizeClass(memoryMB, vcores);
    delaySum[k] += Double.isNaN(since) ? 0 : c.now() - since;
    delayCount[k]++;
    waitingSince[j] = Double.NaN;
  }

  @Override
  public void heartbeat(int node, double memoryUsedMB, double cpuUsed) {}

  @Override
  public double available(int node, int r) {
    return nodes.allowance(node, r) - nodes.reserved(node, r);
  }

  @Override
  public void allocated(int node, double memoryMB, double cpu) {}

  @Override
  public void released(int node, double memoryMB, double cpu, long heartbeatsWhileRunning) {}

  @Override
  public void idle(long heartbeats) {}

  @Override
  public double estimate(int node, int r) {
    return nodes.reserved(node, r);
  }

  @Override
  public QueueDiscipline discipline() {
    return this;
  }

  // ---- planning

  @Override
  public void start(SimControl c) {
    scenario = c.scenario();
    if (scenario == null) {
      throw new IllegalArgumentException(
          "the rayon scheduler plans the scenario's reservations: simulate a scenario,"
              + " not a bare workload");
    }
    stepSeconds = Plan.stepSecondsOf(scenario);
    List<CapacityChange> changes = new ArrayList<>();
    for (CapacityChange ch : scenario.cluster().capacityChanges()) {
      changes.add(new CapacityChange(ch.step(), ch.delta().scale(reservable), ch.reason()));
    }
    Plan plan =
        Plan.empty(
            scenario.cluster().totalCapacity().scale(reservable),
            changes,
            Plan.horizonOf(scenario),
            stepSeconds);
    List<ReservationRequest> requests = new ArrayList<>();
    for (ReservationRequest r : scenario.reservations()) {
      requests.add(overReserve > 0 ? r.withRdl(OverReservation.inflate(r.rdl(), overReserve)) : r);
    }
    system = new ReservationSystem(plan, planner, scenario.sharingPolicy());
    List<Decision> ds = system.submitAll(requests);
    adapter = new Adapter(system);
    for (Decision d : ds) {
      accepted.put(d.reservationId(), d.accepted());
      if (!d.accepted()) rejectionReason.put(d.reservationId(), d.rejection().message());
    }
    List<Job> jobs = c.jobs();
    waitingSince = new double[jobs.size()];
    Arrays.fill(waitingSince, Double.NaN);
    for (int j = 0; j < jobs.size(); j++) {
      Job job = jobs.get(j);
      if (job.kind() != JobKind.PRODUCTION) continue;
      if (job.reservationId() != null) {
        int k = sizeClassOf.getOrDefault(job.reservationId(), 0);
        for (var g : job.tasks())
          k = Math.max(k, sizeClass(g.request().memoryMB(), g.request().vcores()));
        sizeClassOf.put(job.reservationId(), k);
      }
      production++;
      String rid = job.reservationId();
      if (rid != null && Boolean.TRUE.equals(accepted.get(rid))) {
        acceptedAtAdmission++;
        jobsOf.computeIfAbsent(rid, k -> new ArrayList<>()).add(j);
      }
    }
    for (String id : system.plan().reservationIds()) {
      ReservationAllocation a = system.plan().allocationOf(id);
      lastStep.put(id, a.end() - 1);
    }
    c.event(
        "plan",
        acceptedCount()
            + " of "
            + scenario.reservations().size()
            + " reservations accepted by "
            + plannerName
            + " on "
            + Math.round(reservable * 100)
            + "% of the capacity");
  }

  private long acceptedCount() {
    return accepted.values().stream().filter(Boolean::booleanValue).count();
  }

  @Override
  public void jobArrived(SimControl c, int job) {
    active.add(job);
  }

  // ---- the PlanFollower

  private void follow(SimControl c, long step) {
    followedStep = step;
    dirty = false;
    guaranteed.clear();
    PlanFollower.Settings st = PlanFollower.settingsAt(system.plan(), step);
    for (PlanFollower.QueueSetting q : st.reservationQueues()) {
      guaranteed.put(
          q.reservationId(), new double[] {q.guaranteed().memoryMB(), q.guaranteed().vcores()});
    }
    if (delayCorrection) anticipate(step);
  }

  /**
   * The delay correction: each reservation holds the most it is planned over the next k steps of
   * its size class.
   */
  private void anticipate(long step) {
    double[] mean = meanSchedulingDelays();
    long[] ahead = new long[mean.length];
    long most = 0;
    for (int i = 0; i < mean.length; i++) {
      ahead[i] =
          Double.isNaN(mean[i])
              ? 0
              : Math.min(MAX_ANTICIPATION_STEPS, (long) Math.ceil(mean[i] / stepSeconds - 1e-9));
      most = Math.max(most, ahead[i]);
    }
    for (long off = 1; off <= most && step + off < system.plan().horizon(); off++) {
      for (PlanFollower.QueueSetting q :
          PlanFollower.settingsAt(system.plan(), step + off).reservationQueues()) {
        if (ahead[sizeClassOf.getOrDefault(q.reservationId(), 0)] < off) continue;
        double[] g = guaranteed.computeIfAbsent(q.reservationId(), k -> new double[2]);
        if (q.guaranteed().memoryMB() > g[0] + EPS || q.guaranteed().vcores() > g[1] + EPS)
          anticipatedSettings++;
        g[0] = Math.max(g[0], q.guaranteed().memoryMB());
        g[1] = Math.max(g[1], q.guaranteed().vcores());
      }
    }
  }

  /** Where a job runs at the followed step. */
  private static final byte DEFAULT = 0;

  private static final byte RESERVED = 1;
  private static final byte EARLY = 2;

  private byte queueOf(Job job, long step) {
    if (job.kind() != JobKind.PRODUCTION) return DEFAULT;
    String rid = job.reservationId();
    if (rid == null || !system.plan().reservationIds().contains(rid)) return DEFAULT;
    if (guaranteed.containsKey(rid)) return RESERVED;
    Long last = lastStep.get(rid);
    return last != null && last > step ? EARLY : DEFAULT;
  }

  // ---- the scheduling pass

  @Override
  public void schedule(SimControl c) {
    long step = (long) Math.floor(c.now() / stepSeconds);
    boolean newStep = step != followedStep;
    if (newStep || dirty) follow(c, step);
    List<Job> jobs = c.jobs();
    // drop settled jobs
    int w = 0;
    for (int i = 0; i < active.size(); i++) {
      int j = active.get(i);
      if (!c.settled(j)) active.set(w++, j);
    }
    active.subList(w, active.size()).clear();

    // queues and usage at this step
    Map<String, double[]> used = new HashMap<>();
    Map<String, List<Integer>> resJobs = new LinkedHashMap<>();
    List<Integer> defaultJobs = new ArrayList<>();
    List<Integer> extraJobs = new ArrayList<>();
    byte[] q = new byte[active.size()];
    for (int i = 0; i < active.size(); i++) {
      int j = active.get(i);
      Job job = jobs.get(j);
      q[i] = queueOf(job, step);
      if (q[i] != RESERVED) waitingSince[j] = Double.NaN;
      switch (q[i]) {
        case RESERVED -> {
          resJobs.computeIfAbsent(job.reservationId(), k -> new ArrayList<>()).add(j);
          double[] u = used.computeIfAbsent(job.reservationId(), k -> new double[2]);
          u[0] += c.used(j, M);
          u[1] += c.used(j, C);
        }
        case EARLY -> extraJobs.add(j);
        default -> defaultJobs.add(j);
      }
    }
    // (1) guarantees
    for (Map.Entry<String, List<Integer>> e : resJobs.entrySet()) {
      String rid = e.getKey();
      double[] g = guaranteed.get(rid);
      double[] u = used.get(rid);
      for (int j : e.getValue()) {
        while (c.queued(j) > 0) {
          double hm = c.headRequest(j, M);
          double hc = c.headRequest(j, C);
          if (u[0] + hm > g[0] + EPS || u[1] + hc > g[1] + EPS) break;
          int n = c.place(j);
          if (n < 0 && preemption) {
            int node = makeRoom(c, hm, hc, step, used);
            if (node >= 0) n = c.placeOn(j, node);
          }
          if (n < 0) {
            if (Double.isNaN(waitingSince[j]))
              waitingSince[j] = c.now(); // room in the guarantee, none on a node
            break;
          }
          placedInGuarantee(c, j, hm, hc);
          u[0] += hm;
          u[1] += hc;
        }
      }
    }
    // (2) the default queue: best effort first
    for (int j : defaultJobs) {
      while (c.queued(j) > 0 && c.place(j) >= 0) {
        // placed
      }
    }
    // (3) production work beyond its allocation, and later reservations' work, fairly
    for (Map.Entry<String, List<Integer>> e : resJobs.entrySet()) extraJobs.addAll(e.getValue());
    extraJobs.sort((a, b) -> Double.compare(share(c, a), share(c, b)));
    boolean any = true;
    while (any) {
      any = false;
      for (int j : extraJobs) {
        if (c.queued(j) > 0 && c.place(j) >= 0) any = true;
      }
    }
    // §6.4.1: reservations left below their allocation with queued work that fits in it
    double dt = Double.isNaN(lastPass) ? 0 : c.now() - lastPass;
    lastPass = c.now();
    for (Map.Entry<String, double[]> e : guaranteed.entrySet()) {
      String rid = e.getKey();
      double[] g = e.getValue();
      double um = 0;
      double uc = 0;
      boolean unmet = false;
      for (int j : jobsOf.getOrDefault(rid, List.of())) {
        um += c.used(j, M);
        uc += c.used(j, C);
      }
      for (int j : jobsOf.getOrDefault(rid, List.of())) {
        if (c.queued(j) > 0
            && um + c.headRequest(j, M) <= g[0] + EPS
            && uc + c.headRequest(j, C) <= g[1] + EPS
            && c.jobs().get(j).arrivalS() <= c.now()) {
          unmet = true;
        }
      }
      if (unmet) {
        unmetHeartbeats++;
        unmetSeconds += dt;
      }
      if (newStep) {
        samples.add(
            new AllocationSample(
                c.now(),
                step,
                rid,
                Resources.of((long) g[0], (long) g[1]),
                Resources.of(Math.round(um), Math.round(uc)),
                unmet));
      }
    }
  }

  private static double share(SimControl c, int j) {
    return c.used(j, M) + c.used(j, C) * 4096;
  }

  /**
   * Frees room for a container of {@code hm} MB and {@code hc} vcores by preempting lent containers
   * on the node where the fewest suffice; returns the node, or -1 when no node can be freed.
   */
  private int makeRoom(SimControl c, double hm, double hc, long step, Map<String, double[]> used) {
    List<Job> jobs = c.jobs();
    // how much each queue may lose: its usage above its guarantee
    double reservedM = 0;
    double reservedC = 0;
    for (double[] g : guaranteed.values()) {
      reservedM += g[0];
      reservedC += g[1];
    }
    double capM = 0;
    double capC = 0;
    for (int n = 0; n < c.count(); n++) {
      if (!c.up(n)) continue;
      capM += c.allowance(n, M);
      capC += c.allowance(n, C);
    }
    double defUsedM = 0;
    double defUsedC = 0;
    for (int j : active) {
      if (queueOf(jobs.get(j), step) == DEFAULT) {
        defUsedM += c.used(j, M);
        defUsedC += c.used(j, C);
      }
    }
    double[] defOver = {
      defUsedM - Math.max(0, capM - reservedM), defUsedC - Math.max(0, capC - reservedC)
    };
    int bestNode = -1;
    List<Integer> bestVictims = null;
    for (int n = 0; n < c.count(); n++) {
      if (!c.up(n)) continue;
      double freeM = c.allowance(n, M) - c.reserved(n, M);
      double freeC = c.allowance(n, C) - c.reserved(n, C);
      if (freeM + EPS >= hm && freeC + EPS >= hc) return n;
      List<Integer> cand = new ArrayList<>();
      for (int i = 0; i < c.runningCount(n); i++) {
        int t = c.runningTask(n, i);
        if (lent(c, t, step, used, defOver)) cand.add(t);
      }
      cand.sort((a, b) -> Double.compare(c.placedAt(b), c.placedAt(a)));
      List<Integer> victims = new ArrayList<>();
      // what the victims chosen so far take from their queues: a queue lends only what it holds
      // above its guarantee
      Map<String, double[]> taken = new HashMap<>();
      double[] defTaken = new double[2];
      for (int t : cand) {
        if (freeM + EPS >= hm && freeC + EPS >= hc) break;
        Job vj = jobs.get(c.jobOf(t));
        byte vq = queueOf(vj, step);
        if (vq == DEFAULT) {
          if (defOver[0] - defTaken[0] <= EPS && defOver[1] - defTaken[1] <= EPS) continue;
          defTaken[0] += c.request(t, M);
          defTaken[1] += c.request(t, C);
        } else if (vq == RESERVED) {
          double[] g = guaranteed.get(vj.reservationId());
          double[] u = used.get(vj.reservationId());
          double[] tk = taken.computeIfAbsent(vj.reservationId(), k -> new double[2]);
          if (u[0] - tk[0] - c.request(t, M) < g[0] - EPS
              || u[1] - tk[1] - c.request(t, C) < g[1] - EPS) continue;
          tk[0] += c.request(t, M);
          tk[1] += c.request(t, C);
        }
        victims.add(t);
        freeM += c.request(t, M);
        freeC += c.request(t, C);
        if (bestVictims != null && victims.size() >= bestVictims.size()) break;
      }
      if (freeM + EPS >= hm
          && freeC + EPS >= hc
          && (bestVictims == null || victims.size() < bestVictims.size())) {
        bestNode = n;
        bestVictims = victims;
      }
    }
    if (bestNode < 0) return -1;
    for (int t : bestVictims) {
      int j = c.jobOf(t);
      Job job = jobs.get(j);
      byte qq = queueOf(job, step);
      if (qq == DEFAULT) {
        defOver[0] -= c.request(t, M);
        defOver[1] -= c.request(t, C);
      } else if (qq == RESERVED) {
        double[] u = used.get(job.reservationId());
        if (u != null) {
          u[0] -= c.request(t, M);
          u[1] -= c.request(t, C);
        }
      }
      c.preempt(t);
    }
    return bestNode;
  }

  /** A container its queue holds beyond its guarantee (lent), which preemption may take back. */
  private boolean lent(
      SimControl c, int t, long step, Map<String, double[]> used, double[] defOver) {
    Job job = c.jobs().get(c.jobOf(t));
    byte qq = queueOf(job, step);
    if (qq == EARLY) return true;
    if (qq == DEFAULT) return defOver[0] > EPS || defOver[1] > EPS;
    double[] g = guaranteed.get(job.reservationId());
    double[] u = used.get(job.reservationId());
    return g != null
        && u != null
        && (u[0] - c.request(t, M) >= g[0] - EPS && u[1] - c.request(t, C) >= g[1] - EPS);
  }

  // ---- the Adapter

  @Override
  public void nodesChanged(SimControl c, int[] changed, boolean up) {
    double mem = 0;
    double cpu = 0;
    for (int n : changed) {
      mem += c.capacity(n, M);
      cpu += c.capacity(n, C);
    }
    Resources delta = Resources.of(Math.round(mem * reservable), Math.round(cpu * reservable));
    long step = (long) Math.floor(c.now() / stepSeconds);
    String reason =
        changed.length
            + " nodes "
            + (up ? "came back" : "failed")
            + " at "
            + String.format(Locale.ROOT, "%.0f s", c.now());
    if (step >= system.plan().horizon()) return;
    Adapter.Result r =
        adapter.onCapacityChange(
            new CapacityChange(step, up ? delta : Resources.ZERO.minus(delta), reason));
    if (r.replanned()) {
      replans++;
      c.event(
          "replan",
          "re-planned from step "
              + step
              + " after "
              + reason
              + ": "
              + r.kept().size()
              + " reservations kept, "
              + r.rejected().size()
              + " rejected");
    }
    for (Decision d : r.rejected()) {
      rejectedAfterFailure++;
      rejectedAfterFailureIds.add(d.reservationId());
      accepted.put(d.reservationId(), false);
      rejectionReason.put(d.reservationId(), d.rejection().message());
      lastStep.remove(d.reservationId());
      c.event(
          "reject", "reservation " + d.reservationId() + " rejected: " + d.rejection().message());
    }
    for (String id : system.plan().reservationIds())
      lastStep.put(id, system.plan().allocationOf(id).end() - 1);
    dirty = true;
  }

  // ---- report

  /** The ids of the reservations still accepted (admitted and not rejected after a failure). */
  public List<String> acceptedReservations() {
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, Boolean> e : accepted.entrySet()) if (e.getValue()) out.add(e.getKey());
    return out;
  }

  @Override
  public SchedulerReport report() {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("planner", plannerName);
    v.put("reservable", reservable);
    v.put("overReserve", overReserve);
    v.put("reservations", accepted.size());
    v.put("productionJobs", production);
    v.put("acceptedAtAdmission", acceptedAtAdmission);
    v.put("accepted", acceptedReservations());
    v.put("replans", replans);
    v.put("rejectedAfterFailure", rejectedAfterFailure);
    v.put("rejectedAfterFailureIds", List.copyOf(rejectedAfterFailureIds));
    v.put("rejections", new LinkedHashMap<>(rejectionReason));
    v.put("unmetHeartbeats", unmetHeartbeats);
    v.put("unmetSeconds", unmetSeconds);
    if (delayCorrection) {
      List<Double> delays = new ArrayList<>();
      for (double d : meanSchedulingDelays()) delays.add(Double.isNaN(d) ? null : d);
      v.put("schedulingDelayS", delays);
      v.put("anticipatedSettings", anticipatedSettings);
    }
    return new SchedulerReport(v, samples);
  }

  /** The plan as it is now (after any re-plan), for views and tests. */
  public PlanView plan() {
    return system.plan();
  }
}
