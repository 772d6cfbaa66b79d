package io.rayon.engine.scenario;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.rdl.CompileResult;
import io.rayon.engine.rdl.RdlCompiler;
import io.rayon.engine.rdl.RdlProblem;
import io.rayon.engine.scenario.ScenarioProblem.Severity;
import io.rayon.model.cluster.CapacityChange;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.cluster.Queue;
import io.rayon.model.cluster.SubCluster;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.text.Visible;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.JobKind;
import io.rayon.model.workload.TaskGroup;
import io.rayon.model.workload.UsagePhase;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Semantic validation of a scenario that {@link io.rayon.model.io.ScenarioIO} has read: what JSON
 * types cannot say. Every problem names its JSON path.
 *
 * <p>Errors: a non-positive step length or horizon; a cluster without nodes; node groups with a
 * non-positive count, a capacity with a negative or no amount, an allowance that is negative or
 * above the capacity, fewer than one rack, a duplicate name or an unknown sub-cluster; capacity
 * changes before step 0; queues with fractions outside [0,1], a maximum below the guaranteed share,
 * a non-positive weight, duplicate sibling names or children guaranteeing more than their parent;
 * duplicate reservation ids, a reservation whose queue is not in the queue tree, a negative
 * arrival, an invalid RDL expression (each RDL problem with its RDL path); duplicate job ids, task
 * groups with a non-positive count or duration, a negative or zero request, an unknown or duplicate
 * task-group name in {@code after}, a production job whose reservation does not exist, a deadline
 * before the arrival; scenarios that cannot be real: capacity changes that make the capacity
 * negative in some dimension (or too large to count), cyclic {@code after} dependencies (a task
 * group waiting for itself through others), duplicate users, usage phases that last longer than
 * their task, more tasks than can be counted (2^31 - 1).
 *
 * <p>Warnings: an RDL expression that is well formed but cannot be satisfied (the compiler's
 * reason), a window that ends after the horizon, a reservation in a queue that is not reservable, a
 * production job without a deadline, a reservation arriving at or after the horizon.
 *
 * <p>Names from the file (ids, queue and group names) are shown with invisible characters named
 * ({@link io.rayon.model.text.Visible}).
 */
public final class ScenarioChecks {
  private ScenarioChecks() {}

  private static final double EPS = 1e-9;

  public static List<ScenarioProblem> check(Scenario s) {
    List<ScenarioProblem> out = new ArrayList<>();
    if (s.stepSeconds() <= 0) {
      error(
          out,
          "$.stepSeconds",
          "the plan step length must be positive (seconds), got "
              + s.stepSeconds()
              + "; 60 is usual");
    }
    if (s.horizonSteps() <= 0) {
      error(out, "$.horizonSteps", "the horizon must be at least 1 step, got " + s.horizonSteps());
    } else if (s.horizonSteps() > Plan.MAX_HORIZON) {
      warning(
          out,
          "$.horizonSteps",
          "the horizon of "
              + s.horizonSteps()
              + " steps is longer than plans support ("
              + Plan.MAX_HORIZON
              + " steps): 'plan' and 'validate' will refuse this scenario, 'simulate' works;"
              + " a longer stepSeconds shortens it");
    }
    checkCluster(s.cluster(), out);
    checkQueue(s.rootQueue(), "$.rootQueue", out);
    checkUsers(s, out);
    checkReservations(s, out);
    checkJobs(s, out);
    return out;
  }

  public static List<ScenarioProblem> errors(List<ScenarioProblem> ps) {
    return ps.stream().filter(p -> p.severity() == Severity.ERROR).toList();
  }

  public static List<ScenarioProblem> warnings(List<ScenarioProblem> ps) {
    return ps.stream().filter(p -> p.severity() == Severity.WARNING).toList();
  }

  private static void checkCluster(Cluster c, List<ScenarioProblem> out) {
    if (c.nodeGroups().isEmpty()) {
      error(
          out,
          "$.cluster.nodeGroups",
          "the cluster has no node groups; add at least one, e.g. {\"name\":\"n\",\"count\":4,\"capacity\":{\"memoryMB\":8192,\"vcores\":8}}");
    }
    Set<String> subClusters = new HashSet<>();
    for (SubCluster sc : c.subClusters()) subClusters.add(sc.id());
    Set<String> names = new HashSet<>();
    for (int i = 0; i < c.nodeGroups().size(); i++) {
      NodeGroup g = c.nodeGroups().get(i);
      String p = "$.cluster.nodeGroups[" + i + "]";
      if (!names.add(g.name()))
        error(out, p + ".name", "duplicate node group name '" + Visible.show(g.name()) + "'");
      if (g.count() <= 0)
        error(out, p + ".count", "node count must be at least 1, got " + g.count());
      resources(g.capacity(), p + ".capacity", "node capacity", out);
      if (g.allowance() != null) {
        if (!g.allowance().isNonNegative()) {
          error(out, p + ".allowance", "allowance " + g.allowance() + " has a negative amount");
        } else if (!g.allowance().fitsIn(g.capacity())) {
          error(
              out,
              p + ".allowance",
              "allowance "
                  + g.allowance()
                  + " exceeds the capacity "
                  + g.capacity()
                  + " in "
                  + g.allowance().firstExceeding(g.capacity())
                  + "; the allowance is at most the capacity");
        }
      }
      if (g.racks() != null && g.racks() < 1)
        error(out, p + ".racks", "rack count must be at least 1, got " + g.racks());
      if (g.subCluster() != null && !subClusters.contains(g.subCluster())) {
        error(
            out,
            p + ".subCluster",
            "unknown sub-cluster '" + g.subCluster() + "'; declared: " + subClusters);
      }
    }
    try {
      c.totalCapacity();
    } catch (ArithmeticException e) {
      error(
          out,
          "$.cluster.nodeGroups",
          "the cluster's total capacity is too large to compute with (above "
              + Long.MAX_VALUE
              + " in some dimension); give smaller node capacities or counts");
    }
    for (int i = 0; i < c.capacityChanges().size(); i++) {
      CapacityChange ch = c.capacityChanges().get(i);
      if (ch.step() < 0)
        error(
            out,
            "$.cluster.capacityChanges[" + i + "].step",
            "step must be 0 or later, got " + ch.step());
      if (ch.delta() == null) error(out, "$.cluster.capacityChanges[" + i + "].delta", "missing");
    }
    checkCapacityOverTime(c, out);
  }

  /** Capacity after each change, in step order (changes at one step together): never negative. */
  private static void checkCapacityOverTime(Cluster c, List<ScenarioProblem> out) {
    Resources cap;
    try {
      cap = c.totalCapacity();
    } catch (ArithmeticException e) {
      return; // reported above
    }
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < c.capacityChanges().size(); i++) {
      if (c.capacityChanges().get(i).delta() != null) order.add(i);
    }
    order.sort(
        (a, b) ->
            Long.compare(c.capacityChanges().get(a).step(), c.capacityChanges().get(b).step()));
    for (int k = 0; k < order.size(); k++) {
      int i = order.get(k);
      CapacityChange ch = c.capacityChanges().get(i);
      String p = "$.cluster.capacityChanges[" + i + "]";
      try {
        cap = cap.plus(ch.delta());
      } catch (ArithmeticException e) {
        error(
            out,
            p + ".delta",
            "the capacity after this change is too large to count (above "
                + Long.MAX_VALUE
                + " in some dimension)");
        return;
      }
      boolean lastAtStep =
          k + 1 == order.size() || c.capacityChanges().get(order.get(k + 1)).step() != ch.step();
      if (lastAtStep && !cap.isNonNegative()) {
        error(
            out,
            p + ".delta",
            "from step "
                + ch.step()
                + " the cluster's capacity would be "
                + cap
                + ", negative; a change cannot remove more than the cluster has");
        return;
      }
    }
  }

  private static void checkUsers(Scenario s, List<ScenarioProblem> out) {
    Map<String, Integer> seen = new HashMap<>();
    for (int i = 0; i < s.users().size(); i++) {
      String u = s.users().get(i);
      if (u == null) {
        error(out, "$.users[" + i + "]", "a user name is null");
        continue;
      }
      Integer prev = seen.putIfAbsent(u, i);
      if (prev != null)
        error(
            out,
            "$.users[" + i + "]",
            "duplicate user '" + Visible.show(u) + "' (also $.users[" + prev + "])");
    }
  }

  /**
   * The groups of a cycle in {@code after}, first repeated at the end, or null when there is none.
   */
  private static List<String> afterCycle(Job j) {
    Map<String, TaskGroup> byName = new HashMap<>();
    for (TaskGroup g : j.tasks()) byName.putIfAbsent(g.name(), g);
    Map<String, Integer> state = new HashMap<>(); // 1 on the path, 2 done
    for (TaskGroup start : j.tasks()) {
      if (state.containsKey(start.name())) continue;
      // iterative depth-first search: deep chains must not overflow the stack
      Deque<String> path = new ArrayDeque<>();
      Deque<Iterator<String>> its = new ArrayDeque<>();
      path.push(start.name());
      its.push(start.after().iterator());
      state.put(start.name(), 1);
      while (!path.isEmpty()) {
        Iterator<String> it = its.peek();
        if (!it.hasNext()) {
          state.put(path.pop(), 2);
          its.pop();
          continue;
        }
        String dep = it.next();
        TaskGroup d = byName.get(dep);
        if (d == null || dep.equals(path.peek())) continue; // reported as unknown / self
        Integer st = state.get(dep);
        if (st == null) {
          state.put(dep, 1);
          path.push(dep);
          its.push(d.after().iterator());
        } else if (st == 1) {
          List<String> cycle = new ArrayList<>();
          for (Iterator<String> p = path.descendingIterator(); p.hasNext(); ) cycle.add(p.next());
          cycle = new ArrayList<>(cycle.subList(cycle.indexOf(dep), cycle.size()));
          cycle.add(dep);
          return cycle;
        }
      }
    }
    return null;
  }

  private static void resources(Resources r, String path, String what, List<ScenarioProblem> out) {
    if (!r.isNonNegative()) error(out, path, what + " " + r + " has a negative amount");
    else if (r.isZero()) error(out, path, what + " " + r + " is zero; give memoryMB and vcores");
  }

  private static void checkQueue(Queue q, String path, List<ScenarioProblem> out) {
    if (!(q.guaranteed() >= 0 && q.guaranteed() <= 1)) {
      error(
          out,
          path + ".guaranteed",
          "guaranteed share must be a fraction in [0,1], got " + q.guaranteed());
    }
    if (!(q.maximum() >= 0 && q.maximum() <= 1)) {
      error(
          out, path + ".maximum", "maximum share must be a fraction in [0,1], got " + q.maximum());
    } else if (q.maximum() + EPS < q.guaranteed()) {
      error(
          out,
          path + ".maximum",
          "maximum share " + q.maximum() + " is below the guaranteed share " + q.guaranteed());
    }
    if (!(q.weight() > 0))
      error(out, path + ".weight", "weight must be positive, got " + q.weight());
    Set<String> names = new HashSet<>();
    double sum = 0;
    for (int i = 0; i < q.children().size(); i++) {
      Queue c = q.children().get(i);
      String cp = path + ".children[" + i + "]";
      if (!names.add(c.name()))
        error(
            out,
            cp + ".name",
            "duplicate queue name '"
                + Visible.show(c.name())
                + "' under '"
                + Visible.show(q.name())
                + "'");
      sum += c.guaranteed();
      checkQueue(c, cp, out);
    }
    if (sum > 1 + EPS) {
      error(
          out,
          path + ".children",
          "the children of queue '"
              + Visible.show(q.name())
              + "' guarantee "
              + Math.round(sum * 1000) / 10.0
              + "% of it together; at most 100%");
    }
  }

  private static void checkReservations(Scenario s, List<ScenarioProblem> out) {
    Map<String, Integer> ids = new HashMap<>();
    for (int i = 0; i < s.reservations().size(); i++) {
      ReservationRequest r = s.reservations().get(i);
      String p = "$.reservations[" + i + "]";
      Integer prev = ids.putIfAbsent(r.id(), i);
      if (prev != null)
        error(
            out,
            p + ".id",
            "duplicate reservation id '"
                + Visible.show(r.id())
                + "' (also $.reservations["
                + prev
                + "])");
      Queue q = s.rootQueue().find(r.queue());
      // the documented defaults (no queue tree: a single reservable root; no queue: "default")
      // agree
      if (q == null && "default".equals(r.queue()) && s.rootQueue().children().isEmpty())
        q = s.rootQueue();
      if (q == null) {
        error(
            out,
            p + ".queue",
            "queue '"
                + r.queue()
                + "' is not in the queue tree; known queues: "
                + queueNames(s.rootQueue()));
      } else if (!q.reservable()) {
        warning(
            out,
            p + ".queue",
            "queue '"
                + r.queue()
                + "' is not reservable; set \"reservable\" : true on it or use a reservable queue");
      }
      if (r.arrival() < 0)
        error(out, p + ".arrival", "arrival must be step 0 or later, got " + r.arrival());
      if (s.horizonSteps() > 0 && r.arrival() >= s.horizonSteps()) {
        warning(
            out,
            p + ".arrival",
            "arrives at step "
                + r.arrival()
                + ", at or after the horizon of "
                + s.horizonSteps()
                + " steps; no planner can place it");
      }
      CompileResult cr =
          RdlCompiler.compile(r.rdl(), s.cluster().nodeGroups().isEmpty() ? null : s.cluster());
      for (RdlProblem rp : cr.problems()) {
        out.add(
            new ScenarioProblem(
                rp.code().invalid() ? Severity.ERROR : Severity.WARNING,
                p + ".rdl",
                rp.path(),
                (rp.code().invalid() ? "" : "cannot be satisfied: ") + rp.message()));
      }
      if (cr.valid() && s.horizonSteps() > 0) {
        long end = latestFinish(r.rdl());
        if (end > s.horizonSteps()) {
          warning(
              out,
              p + ".rdl",
              "a window ends at step "
                  + end
                  + ", after the horizon of "
                  + s.horizonSteps()
                  + " steps; planners only place inside the horizon");
        }
      }
    }
  }

  private static long latestFinish(Rdl e) {
    long m = e instanceof Rdl.Window w ? w.finish() : Long.MIN_VALUE;
    for (Rdl c : e.children()) m = Math.max(m, latestFinish(c));
    return m;
  }

  private static String queueNames(Queue root) {
    List<String> names = new ArrayList<>();
    root.forEach("", (path, q) -> names.add(path));
    return names.size() > 20 ? names.subList(0, 20) + "..." : names.toString();
  }

  private static void checkJobs(Scenario s, List<ScenarioProblem> out) {
    Set<String> reservationIds = new HashSet<>();
    for (ReservationRequest r : s.reservations()) reservationIds.add(r.id());
    Map<String, Integer> ids = new HashMap<>();
    List<Job> jobs = s.workload().jobs();
    long totalTasks = 0;
    for (int i = 0; i < jobs.size(); i++) {
      Job j = jobs.get(i);
      String p = "$.workload.jobs[" + i + "]";
      Integer prev = ids.putIfAbsent(j.id(), i);
      if (prev != null)
        error(
            out,
            p + ".id",
            "duplicate job id '" + Visible.show(j.id()) + "' (also $.workload.jobs[" + prev + "])");
      if (j.arrivalS() < 0)
        error(out, p + ".arrivalS", "arrival must be 0 or later, got " + j.arrivalS());
      if (j.deadlineS() != null && j.deadlineS() < j.arrivalS()) {
        error(
            out,
            p + ".deadlineS",
            "deadline " + j.deadlineS() + " s is before the arrival " + j.arrivalS() + " s");
      }
      if (j.kind() == JobKind.PRODUCTION) {
        if (j.reservationId() != null && !reservationIds.contains(j.reservationId())) {
          error(
              out,
              p + ".reservationId",
              "reservation '" + j.reservationId() + "' is not in $.reservations");
        }
        if (j.deadlineS() == null)
          warning(out, p + ".deadlineS", "production job without a deadline");
      }
      Set<String> groups = new HashSet<>();
      for (TaskGroup g : j.tasks()) groups.add(g.name());
      Set<String> seen = new HashSet<>();
      for (int k = 0; k < j.tasks().size(); k++) {
        TaskGroup g = j.tasks().get(k);
        String gp = p + ".tasks[" + k + "]";
        if (!seen.add(g.name()))
          error(
              out,
              gp + ".name",
              "duplicate task group name '"
                  + Visible.show(g.name())
                  + "' in job '"
                  + Visible.show(j.id())
                  + "'");
        if (g.count() <= 0)
          error(out, gp + ".count", "task count must be at least 1, got " + g.count());
        else totalTasks += g.count();
        if (totalTasks > Integer.MAX_VALUE) {
          error(
              out,
              gp + ".count",
              "the workload has more than "
                  + Integer.MAX_VALUE
                  + " tasks up to here; that many"
                  + " cannot be counted (nor simulated)");
          totalTasks = Long.MIN_VALUE / 2; // report once
        }
        if (g.durationS() <= 0)
          error(
              out,
              gp + ".durationS",
              "task duration must be positive (seconds), got " + g.durationS());
        resources(g.request(), gp + ".request", "task request", out);
        long phases = 0;
        for (int u = 0; u < g.usage().size(); u++) {
          UsagePhase ph = g.usage().get(u);
          if (ph.durationS() > 0)
            phases =
                phases > Long.MAX_VALUE - ph.durationS() ? Long.MAX_VALUE : phases + ph.durationS();
          String up = gp + ".usage[" + u + "]";
          if (ph.durationS() <= 0)
            error(
                out,
                up + ".durationS",
                "usage phase duration must be positive, got " + ph.durationS());
          if (ph.usage() == null || !ph.usage().isNonNegative())
            error(out, up + ".usage", "usage must be non-negative");
        }
        if (g.durationS() > 0 && phases > g.durationS()) {
          error(
              out,
              gp + ".usage",
              "the usage phases last "
                  + (phases == Long.MAX_VALUE ? "more than " + Long.MAX_VALUE : phases)
                  + " s together, longer than the task's "
                  + g.durationS()
                  + " s; phases describe the task's run and must fit in it");
        }
        for (int a = 0; a < g.after().size(); a++) {
          String dep = g.after().get(a);
          if (!groups.contains(dep) || dep.equals(g.name())) {
            error(
                out,
                gp + ".after[" + a + "]",
                "'"
                    + Visible.show(dep)
                    + "' is not another task group of job '"
                    + Visible.show(j.id())
                    + "'; groups: "
                    + Visible.show(groups.toString()));
          }
        }
      }
      List<String> cycle = afterCycle(j);
      if (cycle != null) {
        error(
            out,
            p + ".tasks",
            "the task groups of job '"
                + Visible.show(j.id())
                + "' wait for each other in a cycle: "
                + Visible.show(String.join(" after ", reverse(cycle)))
                + "; none of them could ever start");
      }
    }
  }

  private static List<String> reverse(List<String> l) {
    List<String> r = new ArrayList<>(l);
    Collections.reverse(r);
    return r;
  }

  private static void error(List<ScenarioProblem> out, String path, String msg) {
    out.add(new ScenarioProblem(Severity.ERROR, path, null, msg));
  }

  private static void warning(List<ScenarioProblem> out, String path, String msg) {
    out.add(new ScenarioProblem(Severity.WARNING, path, null, msg));
  }
}
