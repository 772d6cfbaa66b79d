package io.rayon.bench;

import io.rayon.bench.hadoop.HadoopPeer;
import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanView;
import io.rayon.engine.planners.Planners;
import io.rayon.engine.planning.GreelPlusOptions;
import io.rayon.engine.planning.GreelPlusPlanner;
import io.rayon.engine.planning.Planner;
import io.rayon.engine.planning.PlannerOptions;
import io.rayon.engine.planning.PlanningContext;
import io.rayon.engine.policy.SharingPolicies;
import io.rayon.engine.reservation.ReservationSystem;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.Scenario;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Why greel-plus refuses on workload (i) what Hadoop's greedy agent accepts, request by request
 * ({@code docs/planner-options.md}, "SWIM (i): why the agent's small requests are refused"). Runs
 * workload (i) (the harness's equal footing; further arguments as {@link HadoopComparison} takes
 * them, e.g. {@code --seed 7}) through {@code hadoop-greedy} and the greel-plus named by the first
 * argument ({@code greel-plus[k=v,...]}), and prints: why greel-plus refused each request only the
 * agent accepts, whether some placement had room in greel-plus's plan at that moment (the agent's
 * own allocation, greel-plus with no admission or reserve, GREE, GREE-L), how full the request's
 * window was in each plan, what held it (requests only greel-plus accepts, or both), how full each
 * plan was at every arrival inside and after the window, the request shapes of the four groups
 * (medians) and where each placed the requests both accept. It only prints; nothing is written.
 */
public final class SwimOneDiagnosis {
  public static void main(String[] args) {
    String gp = args.length > 0 ? args[0] : "greel-plus";
    String[] rest = args.length > 1 ? Arrays.copyOfRange(args, 1, args.length) : new String[0];
    List<String> a = new ArrayList<>(List.of("--workloads", "i"));
    a.addAll(List.of(rest));
    HadoopComparison.quietHadoop();
    HadoopComparison.Options o = HadoopComparison.parse(a.toArray(new String[0]));
    PreparedWorkload w = HadoopComparison.workloads(o).get(0);
    Scenario s = w.scenario();
    List<ReservationRequest> rs = w.requests();
    int n = rs.size();
    RunOutcome agent = new HadoopContender(HadoopPeer.Agent.GREEDY, true).run(w);
    ReservationAllocation[] ag = agent.allocations();

    Planner planner = planner(gp);
    ReservationSystem sys = ReservationSystem.forScenario(s, planner).setSelfChecking(false);
    PlanningContext ctx =
        PlanningContext.DEFAULT.withPolicy(
            SharingPolicies.from(s.sharingPolicy(), s.stepSeconds()));
    Planner probeEarlyFull = new GreelPlusPlanner(GreelPlusOptions.PLAIN);
    Planner probeNoAdmission = planner("greel-plus[max-room-share=1,repair=0]");
    Planner probeGreel = Planners.byName("greel");
    Planner probeGree = Planners.byName("gree");
    // the agent's plan as it grows
    Plan agentPlan = Plan.fromScenario(s);
    String[] why = new String[n];
    boolean[] ours = new boolean[n];
    Map<String, Integer> reasonCount = new TreeMap<>();
    int agentOnly = 0, agentAllocFits = 0, probeEarly = 0, probeNoAdm = 0, probeL = 0, probeG = 0;
    int anyProbe = 0;
    double sumOurUsedWin = 0, sumAgentUsedWin = 0, sumOnlyOursHeld = 0, sumBothHeld = 0;
    long winSteps = 0;
    int[] onlyOursHolding = new int[n];
    List<Double> fullness = new ArrayList<>();
    List<Double> allOurs = new ArrayList<>(), allAgent = new ArrayList<>();
    List<Double> allOurs60 = new ArrayList<>(), allAgent60 = new ArrayList<>();
    List<Double> futOurs = new ArrayList<>(), futAgent = new ArrayList<>();
    List<Double> agentFullness = new ArrayList<>();
    // two passes: first decide who accepts what at the end (for "only ours" classes of holders)
    for (int i = 0; i < n; i++) {
      ReservationRequest r = rs.get(i);
      Plan before = null;
      boolean agentAcc = ag[i] != null;
      if (agentAcc) before = sys.snapshot();
      {
        long[] win = window(r);
        double cap = 800.0 * (win[1] - win[0]);
        allOurs.add(used(sys.plan(), win) / cap);
        allAgent.add(used(agentPlan, win) / cap);
        long[] w60 = {win[0], Math.min(1440, win[0] + 60)};
        allOurs60.add(used(sys.plan(), w60) / (800.0 * (w60[1] - w60[0])));
        allAgent60.add(used(agentPlan, w60) / (800.0 * (w60[1] - w60[0])));
        long[] fut = {win[1], 1440};
        if (fut[1] > fut[0]) {
          futOurs.add(used(sys.plan(), fut) / (800.0 * (fut[1] - fut[0])));
          futAgent.add(used(agentPlan, fut) / (800.0 * (fut[1] - fut[0])));
        }
      }
      Decision d = sys.create(r);
      ours[i] = d.accepted();
      if (!d.accepted()) {
        String msg = d.rejection().toString();
        String cls =
            msg.contains("admission")
                ? "admission (" + d.rejection().code() + ")"
                : d.rejection().code().toString();
        why[i] = cls;
        reasonCount.merge(
            cls + (agentAcc ? " [agent accepts]" : " [agent refuses]"), 1, Integer::sum);
        if (agentAcc) {
          agentOnly++;
          if (before.fits(ag[i])) agentAllocFits++;
          boolean e = probeEarlyFull.place(before, r, ctx).accepted();
          boolean na = probeNoAdmission.place(before, r, ctx).accepted();
          boolean l = probeGreel.place(before, r, ctx).accepted();
          boolean g = probeGree.place(before, r, ctx).accepted();
          if (e) probeEarly++;
          if (na) probeNoAdm++;
          if (l) probeL++;
          if (g) probeG++;
          if (e || na || l || g || before.fits(ag[i])) anyProbe++;
          long[] win = window(r);
          double ourUsed = used(before, win);
          double agUsed = used(agentPlan, win);
          double cap = 800.0 * (win[1] - win[0]);
          fullness.add(ourUsed / cap);
          agentFullness.add(agUsed / cap);
          sumOurUsedWin += ourUsed;
          sumAgentUsedWin += agUsed;
          winSteps += win[1] - win[0];
        }
      }
      if (agentAcc) agentPlan.add(r, ag[i]);
    }
    // second pass (the same decisions): at each refusal of a request only the agent accepts, what
    // our plan holds in its window, by the final class of the holder
    {
      ReservationSystem sys2 = ReservationSystem.forScenario(s, planner(gp)).setSelfChecking(false);
      double heldOnlyOurs = 0, heldBoth = 0;
      java.util.Set<String> holders = new java.util.HashSet<>();
      List<Double> holderWork = new ArrayList<>();
      int refusals = 0;
      java.util.Map<String, Integer> index = new java.util.HashMap<>();
      for (int i = 0; i < n; i++) index.put(rs.get(i).id(), i);
      for (int i = 0; i < n; i++) {
        ReservationRequest r = rs.get(i);
        Plan before = ag[i] != null && !ours[i] ? sys2.snapshot() : null;
        Decision d = sys2.create(r);
        if (before == null || d.accepted()) continue;
        refusals++;
        long[] win = window(r);
        for (String id : before.reservationIds()) {
          ReservationAllocation ha = before.allocationOf(id);
          long in = 0;
          for (AtomAllocation at : ha.atoms())
            for (Step st : at.steps()) {
              long lo = Math.max(st.start(), win[0]), hi = Math.min(st.end(), win[1]);
              if (hi > lo) in += (hi - lo) * st.bundles();
            }
          if (in == 0) continue;
          int j = index.get(id);
          if (ag[j] == null) {
            heldOnlyOurs += in;
            if (holders.add(id)) holderWork.add((double) rs.get(j).rdl().totalWork());
          } else heldBoth += in;
        }
      }
      System.out.printf(
          Locale.ROOT,
          "at %d such refusals: what our plan held in the window: %.1f%% by requests only we accept"
              + " (%d distinct, median work %s), %.1f%% by requests both accept%n",
          refusals,
          100 * heldOnlyOurs / (heldOnlyOurs + heldBoth),
          holders.size(),
          median(holderWork),
          100 * heldBoth / (heldOnlyOurs + heldBoth));
    }
    // the final plan: who holds what; classes by final acceptance
    System.out.println("greel-plus: " + gp + "  accepted " + count(ours) + " of " + n);
    System.out.println("agent hadoop-greedy accepted " + agent.acceptedCount());
    System.out.println("rejection classes: " + reasonCount);
    System.out.printf(
        Locale.ROOT,
        "only-agent requests refused by us: %d; agent's own allocation fits our plan at refusal: %d;"
            + " early tall full-capacity probe: %d; %s probe: %d; greel: %d; gree: %d; any: %d%n",
        agentOnly,
        agentAllocFits,
        probeEarly,
        "no-admission",
        probeNoAdm,
        probeL,
        probeG,
        anyProbe);
    System.out.printf(
        Locale.ROOT,
        "window fullness at refusal (used share of the window, mean): ours %.3f, agent's %.3f%n",
        sumOurUsedWin / (800.0 * winSteps),
        sumAgentUsedWin / (800.0 * winSteps));
    System.out.println(
        "median fullness ours " + median(fullness) + " agent " + median(agentFullness));
    System.out.printf(
        Locale.ROOT,
        "every request at arrival: window used share mean ours %.3f agent %.3f; first 60 steps ours %.3f agent %.3f; after the window ours %.3f agent %.3f%n",
        mean(allOurs),
        mean(allAgent),
        mean(allOurs60),
        mean(allAgent60),
        mean(futOurs),
        mean(futAgent));
    // groups
    boolean[] agAcc = new boolean[n];
    for (int i = 0; i < n; i++) agAcc[i] = ag[i] != null;
    shapes("only agent", rs, i -> agAcc[i] && !ours[i], s);
    shapes("only ours", rs, i -> !agAcc[i] && ours[i], s);
    shapes("both", rs, i -> agAcc[i] && ours[i], s);
    shapes("neither", rs, i -> !agAcc[i] && !ours[i], s);
    // what holds the final plan: work of ours by class
    long onlyOursWork = 0, bothWork = 0;
    for (int i = 0; i < n; i++) {
      if (ours[i] && !agAcc[i]) onlyOursWork += rs.get(i).rdl().totalWork();
      if (ours[i] && agAcc[i]) bothWork += rs.get(i).rdl().totalWork();
    }
    System.out.println("our accepted work: both " + bothWork + ", only ours " + onlyOursWork);
    // where each placed the requests both accept: start after the arrival, span in the window
    shapeOfAllocs("ours (both)", rs, sys.snapshot(), agAcc, ours, true);
    shapeOfAllocs("agent (both)", rs, agentPlan, agAcc, ours, true);
    shapeOfAllocs("agent (only agent)", rs, agentPlan, agAcc, ours, false);
  }

  static Planner planner(String spec) {
    String s = spec.strip();
    int open = s.indexOf('[');
    if (open < 0) return Planners.byName(s);
    Map<String, String> opts = new LinkedHashMap<>();
    for (String kv : s.substring(open + 1, s.length() - 1).split(",")) {
      int eq = kv.indexOf('=');
      opts.put(kv.substring(0, eq).strip(), kv.substring(eq + 1).strip());
    }
    return Planners.byName(s.substring(0, open), new PlannerOptions(opts));
  }

  static int count(boolean[] b) {
    int c = 0;
    for (boolean x : b) if (x) c++;
    return c;
  }

  static long[] window(ReservationRequest r) {
    Rdl.Window w = (Rdl.Window) r.rdl();
    return new long[] {w.start(), w.finish()};
  }

  static double used(PlanView p, long[] win) {
    double u = 0;
    for (long t = win[0]; t < win[1]; t++) u += p.capacity(1, t) - p.free(1, t);
    return u;
  }

  static String median(List<Double> xs) {
    if (xs.isEmpty()) return "-";
    List<Double> c = new ArrayList<>(xs);
    c.sort(null);
    return String.format(Locale.ROOT, "%.3f", c.get(c.size() / 2));
  }

  interface Pick {
    boolean test(int i);
  }

  static void shapes(String label, List<ReservationRequest> rs, Pick p, Scenario s) {
    List<Double> k = new ArrayList<>(), width = new ArrayList<>(), maxw = new ArrayList<>();
    List<Double> sumd = new ArrayList<>(), slack = new ArrayList<>(), work = new ArrayList<>();
    List<Double> winLen = new ArrayList<>(), dur = new ArrayList<>(), arr = new ArrayList<>();
    for (int i = 0; i < rs.size(); i++) {
      if (!p.test(i)) continue;
      ReservationRequest r = rs.get(i);
      Rdl.Window w = (Rdl.Window) r.rdl();
      Rdl.Order ord = (Rdl.Order) w.expr();
      long sd = 0, mw = 0;
      double sw = 0;
      for (Rdl c : ord.children()) {
        Rdl.Atom at = (Rdl.Atom) c;
        sd += at.minLease();
        mw = Math.max(mw, at.maxParallelism());
        sw += at.maxParallelism();
        dur.add((double) at.minLease());
      }
      k.add((double) ord.children().size());
      width.add(sw / ord.children().size());
      maxw.add((double) mw);
      sumd.add((double) sd);
      winLen.add((double) (w.finish() - w.start()));
      slack.add((double) (w.finish() - w.start()) / sd);
      work.add((double) r.rdl().totalWork());
      arr.add((double) r.arrival());
    }
    System.out.printf(
        Locale.ROOT,
        "%-12s n=%4d | stages mean %.2f | mean width %s (mean %.0f) | max width %s | stage dur %s |"
            + " sum d %s | window %s | slack %s (mean %.2f) | work %s (mean %.0f) | arrival %s%n",
        label,
        k.size(),
        mean(k),
        median(width),
        mean(width),
        median(maxw),
        median(dur),
        median(sumd),
        median(winLen),
        median(slack),
        mean(slack),
        median(work),
        mean(work),
        median(arr));
  }

  static double mean(List<Double> xs) {
    double s = 0;
    for (double x : xs) s += x;
    return xs.isEmpty() ? 0 : s / xs.size();
  }

  static void shapeOfAllocs(
      String label,
      List<ReservationRequest> rs,
      Plan plan,
      boolean[] agAcc,
      boolean[] ours,
      boolean both) {
    List<Double> startOff = new ArrayList<>(), relStart = new ArrayList<>();
    List<Double> spanShare = new ArrayList<>();
    for (int i = 0; i < rs.size(); i++) {
      boolean pick = both ? agAcc[i] && ours[i] : agAcc[i] && !ours[i];
      if (!pick) continue;
      ReservationRequest r = rs.get(i);
      if (!plan.contains(r.id())) continue;
      ReservationAllocation a = plan.allocationOf(r.id());
      long[] win = window(r);
      startOff.add((double) (a.start() - win[0]));
      relStart.add((double) (a.start() - win[0]) / Math.max(1, win[1] - win[0]));
      spanShare.add((double) (a.end() - a.start()) / Math.max(1, win[1] - win[0]));
    }
    System.out.printf(
        Locale.ROOT,
        "%-20s n=%d start offset median %s, start/window %s, span/window %s%n",
        label,
        startOff.size(),
        median(startOff),
        median(relStart),
        median(spanShare));
  }
}
