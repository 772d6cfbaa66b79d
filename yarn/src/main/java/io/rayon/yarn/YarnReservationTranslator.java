package io.rayon.yarn;

import io.rayon.model.live.YarnInterpreter;
import io.rayon.model.live.YarnReservationDefinition;
import io.rayon.model.live.YarnStage;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.List;

/**
 * Translates local reservations (RDL) into YARN reservation definitions and back.
 *
 * <h2>The mapping</h2>
 *
 * <ul>
 *   <li>{@code atom(b,g,h,l,w)} holds {@code m = w/g} gang-steps: {@code k = ⌊m/l⌋} gangs of {@code
 *       g} bundles, {@code r = m mod l} steps left over. With {@code r = 0} it becomes one stage
 *       (YARN ReservationRequest): {@code capability = b}, {@code min-concurrency = g}, {@code
 *       num-containers = k·g}, {@code duration = l × step} ms. With {@code r > 0} it becomes two
 *       stages, {@code (k-1)·g} containers held {@code l} steps (left out when k = 1) and one gang
 *       of {@code g} held {@code l + r} steps: every gang still holds at least l and the total is
 *       exactly w. YARN's agents place {@code num-containers / min-concurrency} gangs and hold each
 *       for exactly {@code duration}; so at every moment the count is a multiple of g, every gang
 *       holds at least l steps and the total is w: the RDL atom's semantics. YARN's allocations are
 *       a subset of the atom's (a gang is held for exactly its duration, never longer).
 *   <li>The one thing YARN cannot hold is the cap h: YARN has no maximum parallelism and may
 *       reserve all {@code k·g} containers at once. When h is below that, the atom is exported with
 *       the cap relaxed and a warning (naming the atom's path) says so: a looser cap only lets YARN
 *       reserve more at once; work, gang and lease keep their meaning.
 *   <li>Under {@code order} the two stages of an atom with {@code r > 0} are ordered too (YARN
 *       orders every stage): tighter than RDL, reported as a warning. Under {@code any} an atom
 *       cannot become two stages (YARN would pick one of them), so {@code r > 0} there is a
 *       problem.
 *   <li>The root operator picks the interpreter: {@code all} → R_ALL, {@code any} → R_ANY, {@code
 *       order} → R_ORDER (both demand strict precedence with gaps allowed), a lone atom → R_ALL. An
 *       {@code order} of rigid stages (one gang each) whose durations fill the window exactly can
 *       have no gap, and becomes R_ORDER_NO_GAP (same allocations, stated to YARN).
 *   <li>The window: YARN has one window per definition, {@code [arrival, deadline)} in epoch ms =
 *       {@code origin + start × step}, {@code origin + finish × step}. Nested windows around the
 *       root intersect. Without a window the reservation may use {@code [arrival, horizon)} of the
 *       scenario.
 * </ul>
 *
 * <h2>Semantics-preserving rewrites (reported as notes)</h2>
 *
 * {@code window(window(e,s1,f1),s2,f2)} → one window on the intersection; an operator with one
 * child → the child; {@code all(a, all(b,c))} → {@code all(a,b,c)}, likewise for {@code order}
 * (strict precedence is associative) and {@code any}; a window inside the root operator that
 * contains the root's window → dropped (it constrains nothing); windows on every child that are all
 * equal → pushed to the root.
 *
 * <h2>What YARN cannot express (reported as problems)</h2>
 *
 * Only what would change the meaning is refused: nesting deeper than one operator level that the
 * rewrites above cannot remove (for example {@code order(all(a,b),c)}); a window on one stage that
 * is narrower than the whole definition's window; work that no allocation can satisfy (w not a
 * multiple of g, or less than one gang held for l); {@code r > 0} under {@code any}; bundles with
 * resources other than memory and vcores; a window that starts before step 0 or is shorter than the
 * stages need. The local {@code priority} is not sent: YARN orders only recurring against
 * non-recurring reservations by it, and its scale (lower is more important) differs from ours.
 */
public final class YarnReservationTranslator {

  private final long stepMs;
  private final long horizonSteps;

  /**
   * @param stepSeconds the scenario's plan step length
   * @param horizonSteps the scenario's horizon, used as the deadline of reservations without a
   *     window
   */
  public YarnReservationTranslator(long stepSeconds, long horizonSteps) {
    if (stepSeconds <= 0)
      throw new IllegalArgumentException("step length must be positive, was " + stepSeconds + " s");
    this.stepMs = stepSeconds * 1000;
    this.horizonSteps = horizonSteps;
  }

  public long stepMs() {
    return stepMs;
  }

  /** A stage with its RDL path, for messages. */
  private record Leaf(Rdl expr, String path) {}

  /**
   * Translates {@code r} for plan step 0 at epoch millisecond {@code originMs}, into {@code queue}
   * (or the request's own queue when null).
   */
  public YarnTranslation translate(ReservationRequest r, long originMs, String queue) {
    String q = queue == null || queue.isBlank() ? r.queue() : queue;
    List<String> notes = new ArrayList<>();
    List<YarnTranslation.Problem> problems = new ArrayList<>();

    // 1. Peel windows off the root and intersect them.
    Rdl e = r.rdl();
    String path = "";
    long s = Long.MIN_VALUE;
    long f = Long.MAX_VALUE;
    int windows = 0;
    while (e instanceof Rdl.Window w) {
      s = Math.max(s, w.start());
      f = Math.min(f, w.finish());
      windows++;
      e = w.expr();
      path = Rdl.childPath(path, 0);
    }
    if (windows > 1)
      notes.add("nested windows around the root were intersected into [" + s + "," + f + ")");
    if (windows == 0) {
      s = r.arrival();
      f = horizonSteps;
      notes.add("no window: using [arrival, horizon) = [" + s + "," + f + ")");
      if (f <= s) {
        problems.add(
            new YarnTranslation.Problem(
                "reservation",
                "",
                "has no window and the scenario's horizon ("
                    + horizonSteps
                    + ") does not lie after its arrival ("
                    + s
                    + "). Maybe wrap the expression in window(...)"));
      }
    }
    if (windows > 0 && f <= s) {
      problems.add(
          new YarnTranslation.Problem(
              "window",
              "",
              "the windows around the root do not overlap: [" + s + "," + f + ") is empty"));
    }
    if (s < 0) {
      problems.add(
          new YarnTranslation.Problem(
              "window", "", "starts at step " + s + " before step 0 of the submission"));
    }

    // 2. Flatten the body into one operator over stages.
    Rdl op = e;
    String opPath = path;
    while (isOperator(op) && op.children().size() == 1) {
      notes.add(kind(op) + " at " + where(opPath) + " has one child: replaced by the child");
      op = op.children().get(0);
      opPath = Rdl.childPath(opPath, 0);
      while (op instanceof Rdl.Window w) {
        if (w.start() <= s && w.finish() >= f) {
          notes.add("window at " + where(opPath) + " contains the reservation's window: dropped");
        } else {
          s = Math.max(s, w.start());
          f = Math.min(f, w.finish());
          notes.add("window at " + where(opPath) + " intersected with the reservation's window");
        }
        op = w.expr();
        opPath = Rdl.childPath(opPath, 0);
      }
    }
    List<Leaf> leaves = new ArrayList<>();
    YarnInterpreter interp;
    if (op instanceof Rdl.Atom) {
      leaves.add(new Leaf(op, opPath));
      interp = YarnInterpreter.R_ALL;
    } else if (isOperator(op)) {
      flatten(op, opPath, leaves, notes);
      interp =
          op instanceof Rdl.Any
              ? YarnInterpreter.R_ANY
              : op instanceof Rdl.Order ? YarnInterpreter.R_ORDER : YarnInterpreter.R_ALL;
      long[] win = pushChildWindows(leaves, s, f, notes);
      s = win[0];
      f = win[1];
      leaves = stripWindows(leaves, s, f, notes, problems);
    } else {
      problems.add(new YarnTranslation.Problem(kind(op), opPath, "unexpected expression"));
      return new YarnTranslation(r.id(), q, originMs, stepMs, s, f, null, notes, problems);
    }

    // 3. Each stage must be an atom YARN can hold exactly.
    List<YarnStage> stages = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    for (Leaf leaf : leaves) {
      if (!(leaf.expr() instanceof Rdl.Atom a)) {
        problems.add(
            new YarnTranslation.Problem(
                kind(leaf.expr()),
                leaf.path(),
                "is nested inside "
                    + kind(op)
                    + "; a YARN reservation has one level of stages (atoms) under one"
                    + " interpreter. Maybe split it into separate reservations, or rewrite it as a flat "
                    + kind(op)
                    + " of atoms"));
        continue;
      }
      stages(a, leaf.path(), interp, stages, problems, notes, warnings);
    }

    if (interp == YarnInterpreter.R_ORDER && problems.isEmpty()) {
      long total = 0;
      boolean rigid = true;
      for (YarnStage st : stages) {
        total += st.durationMs();
        rigid &= st.numContainers() == st.minConcurrency();
      }
      if (rigid && total == (f - s) * stepMs) {
        interp = YarnInterpreter.R_ORDER_NO_GAP;
        notes.add(
            "order of single gangs that fill the window exactly: submitted as R_ORDER_NO_GAP");
      }
    }
    if (problems.isEmpty()) {
      long minDuration = 0;
      for (YarnStage st : stages) {
        minDuration =
            interp == YarnInterpreter.R_ORDER || interp == YarnInterpreter.R_ORDER_NO_GAP
                ? minDuration + st.durationMs()
                : Math.max(minDuration, st.durationMs());
      }
      if (interp != YarnInterpreter.R_ANY && (f - s) * stepMs < minDuration) {
        problems.add(
            new YarnTranslation.Problem(
                "window",
                "",
                "["
                    + s
                    + ","
                    + f
                    + ") lasts "
                    + (f - s)
                    + " steps, shorter than the "
                    + (minDuration / stepMs)
                    + " steps the stages need at least"));
      }
    }
    if (!problems.isEmpty())
      return new YarnTranslation(
          r.id(), q, originMs, stepMs, s, f, null, notes, problems, warnings);
    YarnReservationDefinition def =
        new YarnReservationDefinition(
            r.name(), originMs + s * stepMs, originMs + f * stepMs, interp, stages, null, null);
    return new YarnTranslation(r.id(), q, originMs, stepMs, s, f, def, notes, problems, warnings);
  }

  /**
   * The stages of one atom, appended to {@code out}; false (with problems) when the atom cannot go
   * to YARN without changing its meaning. See the class comment for the mapping.
   */
  private boolean stages(
      Rdl.Atom a,
      String path,
      YarnInterpreter interp,
      List<YarnStage> out,
      List<YarnTranslation.Problem> problems,
      List<String> notes,
      List<String> warnings) {
    int before = problems.size();
    Resources b = a.bundle();
    if (!b.extras().isEmpty()) {
      problems.add(
          new YarnTranslation.Problem(
              "atom",
              path,
              "its bundle "
                  + b
                  + " asks for "
                  + b.extras().keySet()
                  + "; YARN's reservation REST API carries memory and vcores only"));
    }
    if (b.memoryMB() <= 0 && b.vcores() <= 0) {
      problems.add(new YarnTranslation.Problem("atom", path, "its bundle " + b + " is empty"));
    }
    if (a.gang() < 1)
      problems.add(
          new YarnTranslation.Problem("atom", path, "gang g=" + a.gang() + " must be at least 1"));
    if (a.minLease() < 1)
      problems.add(
          new YarnTranslation.Problem(
              "atom", path, "min lease l=" + a.minLease() + " must be at least 1"));
    if (a.work() < 1)
      problems.add(
          new YarnTranslation.Problem("atom", path, "work w=" + a.work() + " must be at least 1"));
    if (problems.size() > before) return false;
    long g = a.gang();
    long l = a.minLease();
    if (a.work() % g != 0) {
      problems.add(
          new YarnTranslation.Problem(
              "atom",
              path,
              "work w="
                  + a.work()
                  + " is not a multiple of the gang g="
                  + g
                  + "; every step holds whole gangs, so no allocation satisfies the atom. Maybe use w="
                  + (a.work() / g + 1) * g));
      return false;
    }
    long m = a.work() / g;
    if (m < l) {
      problems.add(
          new YarnTranslation.Problem(
              "atom",
              path,
              "work w="
                  + a.work()
                  + " is less than one gang of g="
                  + g
                  + " held for the min lease l="
                  + l
                  + ", so no allocation satisfies the atom. Maybe use w="
                  + g * l));
      return false;
    }
    long k = m / l;
    long r = m % l;
    boolean ordered = interp == YarnInterpreter.R_ORDER || interp == YarnInterpreter.R_ORDER_NO_GAP;
    if (r != 0 && interp == YarnInterpreter.R_ANY) {
      problems.add(
          new YarnTranslation.Problem(
              "atom",
              path,
              "w/g = "
                  + m
                  + " gang-steps is not a whole number of min leases l="
                  + l
                  + "; YARN holds a stage's gangs for one duration, and under any(...) the atom cannot become two stages."
                  + " Maybe use w="
                  + k * g * l
                  + " or w="
                  + (k + 1) * g * l));
      return false;
    }
    if (k * g > Integer.MAX_VALUE) {
      problems.add(
          new YarnTranslation.Problem(
              "atom", path, k * g + " containers is more than YARN accepts"));
      return false;
    }
    long peak = r == 0 || !ordered ? k * g : Math.max(k - 1, 1) * g;
    if (a.maxParallelism() < peak) {
      warnings.add(
          "atom at "
              + where(path)
              + ": max parallelism h="
              + a.maxParallelism()
              + " relaxed to "
              + peak
              + " bundles; YARN has no parallelism cap and may reserve up to "
              + peak
              + " at once (Rayon at most "
              + a.maxParallelism()
              + "). The work, gang and min lease are kept");
    }
    if (r == 0) {
      out.add(new YarnStage(b, (int) (k * g), (int) g, l * stepMs));
      return true;
    }
    String shape =
        "w/g = "
            + m
            + " gang-steps is not a whole number of min leases l="
            + l
            + ": sent as "
            + (k > 1 ? (k - 1) + " gang(s) of " + g + " held " + l + " steps and " : "")
            + "one gang of "
            + g
            + " held "
            + (l + r)
            + " steps (every gang still holds at least l)";
    if (k > 1) out.add(new YarnStage(b, (int) ((k - 1) * g), (int) g, l * stepMs));
    out.add(new YarnStage(b, (int) g, (int) g, (l + r) * stepMs));
    if (ordered && k > 1) {
      warnings.add(
          "atom at "
              + where(path)
              + ": "
              + shape
              + "; under R_ORDER the longer gang follows the others,"
              + " which is tighter than RDL: YARN may refuse a window Rayon could fit");
    } else {
      notes.add("atom at " + where(path) + ": " + shape);
    }
    return true;
  }

  /** Collects the operator's children, inlining children of the same operator kind. */
  private static void flatten(Rdl op, String path, List<Leaf> out, List<String> notes) {
    for (int i = 0; i < op.children().size(); i++) {
      Rdl c = op.children().get(i);
      String p = Rdl.childPath(path, i);
      Rdl inner = c;
      String innerPath = p;
      while (isOperator(inner) && inner.children().size() == 1) {
        inner = inner.children().get(0);
        innerPath = Rdl.childPath(innerPath, 0);
      }
      if (inner.getClass() == op.getClass()) {
        notes.add(
            kind(inner)
                + " at "
                + where(innerPath)
                + " inlined into the "
                + kind(op)
                + " around it");
        flatten(inner, innerPath, out, notes);
      } else {
        if (inner != c)
          notes.add(kind(c) + " at " + where(p) + " has one child: replaced by the child");
        out.add(new Leaf(inner, innerPath));
      }
    }
  }

  /** When every stage has a window and they are all the same, moves it to the definition. */
  private static long[] pushChildWindows(List<Leaf> leaves, long s, long f, List<String> notes) {
    Long cs = null;
    Long cf = null;
    for (Leaf l : leaves) {
      if (!(l.expr() instanceof Rdl.Window w)) return new long[] {s, f};
      if (cs == null) {
        cs = w.start();
        cf = w.finish();
      } else if (cs != w.start() || cf != w.finish()) {
        return new long[] {s, f};
      }
    }
    if (cs == null || (cs <= s && cf >= f)) return new long[] {s, f};
    notes.add("every stage has the window [" + cs + "," + cf + "): moved to the reservation");
    return new long[] {Math.max(s, cs), Math.min(f, cf)};
  }

  /** Removes stage windows that contain the definition's window; narrower ones are problems. */
  private static List<Leaf> stripWindows(
      List<Leaf> leaves,
      long s,
      long f,
      List<String> notes,
      List<YarnTranslation.Problem> problems) {
    List<Leaf> out = new ArrayList<>();
    for (Leaf l : leaves) {
      Rdl e = l.expr();
      String p = l.path();
      while (e instanceof Rdl.Window w) {
        if (w.start() <= s && w.finish() >= f) {
          notes.add(
              "window at "
                  + where(p)
                  + " contains the reservation's window ["
                  + s
                  + ","
                  + f
                  + "): dropped");
        } else {
          problems.add(
              new YarnTranslation.Problem(
                  "window",
                  p,
                  "["
                      + w.start()
                      + ","
                      + w.finish()
                      + ") narrows one stage inside the reservation's window ["
                      + s
                      + ","
                      + f
                      + "); YARN has one window per"
                      + " reservation. Maybe give every stage the same window, or submit this stage as its own reservation"));
        }
        e = w.expr();
        p = Rdl.childPath(p, 0);
      }
      out.add(new Leaf(e, p));
    }
    return out;
  }

  private static boolean isOperator(Rdl e) {
    return e instanceof Rdl.All || e instanceof Rdl.Any || e instanceof Rdl.Order;
  }

  static String kind(Rdl e) {
    if (e instanceof Rdl.Atom) return "atom";
    if (e instanceof Rdl.Any) return "any";
    if (e instanceof Rdl.All) return "all";
    if (e instanceof Rdl.Order) return "order";
    return "window";
  }

  private static String where(String path) {
    return path.isEmpty() ? "the root" : "path " + path;
  }

  /**
   * The RDL expression a YARN definition stands for, on plan steps from {@code originMs}: each
   * stage becomes {@code atom(capability, min-concurrency, num-containers, l, num-containers × l)}
   * with {@code l = ⌈duration / step⌉}; the interpreter picks the operator (R_ORDER_NO_GAP becomes
   * {@code order}, which drops the no-gap demand); the definition's window wraps it, widened to
   * whole steps.
   */
  public Rdl toRdl(YarnReservationDefinition def, long originMs) {
    List<Rdl> atoms = new ArrayList<>();
    for (YarnStage st : def.stages()) {
      long l = Math.max(1, -Math.floorDiv(-st.durationMs(), stepMs));
      int g = Math.max(1, st.minConcurrency());
      atoms.add(
          Rdl.atom(
              st.capability(),
              g,
              Math.max(g, st.numContainers()),
              l,
              (long) st.numContainers() * l));
    }
    Rdl body;
    if (atoms.size() == 1) {
      body = atoms.get(0);
    } else {
      body =
          switch (def.interpreter()) {
            case R_ANY -> new Rdl.Any(atoms);
            case R_ALL -> new Rdl.All(atoms);
            case R_ORDER, R_ORDER_NO_GAP -> new Rdl.Order(atoms);
          };
    }
    long s = Math.floorDiv(def.arrival() - originMs, stepMs);
    long f = -Math.floorDiv(-(def.deadline() - originMs), stepMs);
    return Rdl.window(body, s, f);
  }
}
