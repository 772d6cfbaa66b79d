package io.rayon.engine.planning.milp;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Method;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.integer.IntegerStrategy;
import org.ojalgo.optimisation.integer.ModelStrategy;
import org.ojalgo.optimisation.integer.NodeKey;

/**
 * ojAlgo's own branch-and-bound strategy with a window on it: every decision (which variable to
 * branch on, when to cut, pseudo-costs) is made by ojAlgo's default strategy ({@code delegate}),
 * and the hooks that ojAlgo 57.1 calls on every solved node, infeasible node and integer solution
 * are also passed to a {@link SearchMonitor}.
 *
 * <p>ojAlgo 57.1 declares these hooks {@code protected} in {@code ModelStrategy}, and the default
 * strategy is package-private, so a subclass outside ojAlgo's package may override them but not
 * call them on {@code delegate}. We call them through method handles made accessible once ({@link
 * #AVAILABLE}); where that is not permitted the solver runs with the plain default strategy and
 * reports only before and after the search.
 *
 * <p><b>No Gomory cuts.</b> The strategy turns ojAlgo's Gomory mixed-integer cuts off, at the root
 * and at the nodes. On our models ojAlgo 57.1's root cut loop took most of the time and checks no
 * limit (the fig5b sample at grid 10 with a 10 s limit: 12 nodes in 19 s with cuts, 398 nodes in
 * 9.9 s without), and its cuts were not always valid: at grid 20 the fig5b sample's root LP with
 * cuts left no room below "reject everything", and ojAlgo declared that optimal while the same
 * model without cuts finds a solution that accepts the workflow (objective 52 against 1071).
 * Without cuts the node LP values are true relaxation values, which the bound of {@link
 * SearchMonitor} relies on.
 *
 * <p><b>Depth first.</b> ojAlgo's default node order starts with the smallest LP value (best
 * first), which on our models seldom reaches a leaf: the fig5b sample at grids 19 and 10 (148 and
 * 295 integer variables) found no solution in 10 s that way and found accepting ones (objective 86
 * and 90) depth first. The bound still comes from all open nodes, so depth first costs only the
 * speed of proving optimality.
 */
final class ObservedStrategy extends ModelStrategy.AbstractStrategy {

  private static final MethodHandle INITIALISE;
  private static final MethodHandle MARK_INFEASIBLE;
  private static final MethodHandle MARK_INTEGER;
  private static final MethodHandle ON_CUT_FAILURE;
  private static final MethodHandle ON_CUT_SUCCESS;
  private static final MethodHandle ON_NODE_SOLVED;
  private static final MethodHandle SCORE_BRANCH;
  private static final MethodHandle OBSERVE_BRANCH;

  /** True when the delegate's hooks can be called (else {@link #strategy} returns the default). */
  static final boolean AVAILABLE;

  static {
    MethodHandle[] h = new MethodHandle[9];
    boolean ok;
    try {
      Class<?> c = ModelStrategy.class;
      Class<?> r = Optimisation.Result.class;
      h[0] = handle(c.getDeclaredMethod("initialise"));
      h[2] =
          handle(c.getDeclaredMethod("markInfeasible", NodeKey.class, boolean.class, double.class));
      h[3] = handle(c.getDeclaredMethod("markInteger", NodeKey.class, r));
      h[4] = handle(c.getDeclaredMethod("onCutFailure"));
      h[5] = handle(c.getDeclaredMethod("onCutSuccess", NodeKey.class));
      h[6] =
          handle(
              c.getDeclaredMethod("onNodeSolved", NodeKey.class, r, double.class, boolean.class));
      h[7] =
          handle(
              c.getDeclaredMethod(
                  "scoreBranch", int.class, double.class, double.class, boolean.class));
      h[8] = handle(c.getDeclaredMethod("observeBranch", int.class, boolean.class, double.class));
      ok = true;
    } catch (ReflectiveOperationException | RuntimeException e) {
      ok = false;
    }
    INITIALISE = h[0];
    MARK_INFEASIBLE = h[2];
    MARK_INTEGER = h[3];
    ON_CUT_FAILURE = h[4];
    ON_CUT_SUCCESS = h[5];
    ON_NODE_SOLVED = h[6];
    SCORE_BRANCH = h[7];
    OBSERVE_BRANCH = h[8];
    AVAILABLE = ok;
  }

  private static MethodHandle handle(Method m) throws IllegalAccessException {
    m.setAccessible(true);
    return MethodHandles.lookup().unreflect(m);
  }

  /**
   * The integer strategy to give the solver: ojAlgo's default with {@code threads} workers,
   * observed by {@code monitor} when the hooks are reachable.
   */
  static IntegerStrategy strategy(int threads, SearchMonitor monitor, int variables) {
    // no Gomory cuts: no fractional part reaches 1; depth first (see the class comment for both)
    IntegerStrategy.ConfigurableStrategy base =
        IntegerStrategy.DEFAULT
            .withParallelism(() -> threads)
            .withGMICutConfiguration(
                new IntegerStrategy.GMICutConfiguration().withFractionality(1.0))
            .withPriorityDefinitions(NodeKey.DEPTH_FIRST_SEARCH);
    if (!AVAILABLE || monitor == null) return base;
    return base.withModelStrategyFactory(
        (model, s) -> new ObservedStrategy(model, s, monitor, variables));
  }

  private final SearchMonitor monitor;
  private final int variables;

  private ObservedStrategy(
      ExpressionsBasedModel model, IntegerStrategy strategy, SearchMonitor monitor, int variables) {
    super(model, strategy);
    this.monitor = monitor;
    this.variables = variables;
  }

  /** The solution's values in model order, or null when it does not cover every variable. */
  private double[] values(Optimisation.Result result) {
    if (result == null || result.count() != variables) return null;
    double[] v = new double[variables];
    for (int j = 0; j < variables; j++) v[j] = result.doubleValue(j);
    return v;
  }

  @Override
  protected void initialise() {
    call(INITIALISE, delegate);
  }

  @Override
  protected boolean isCutRatherThanBranch(
      NodeKey node, int index, double value, double displacement, Optimisation.Result result) {
    // always branch: no Gomory cuts at nodes either (see the class comment)
    return false;
  }

  @Override
  protected void markInfeasible(NodeKey key, boolean found, double incumbent) {
    try {
      MARK_INFEASIBLE.invoke(delegate, key, found, incumbent);
    } catch (Throwable t) {
      throw rethrow(t);
    }
    if (key != null) monitor.nodeInfeasible(key.sequence, key.parent);
  }

  @Override
  protected void markInteger(NodeKey key, Optimisation.Result result) {
    try {
      MARK_INTEGER.invoke(delegate, key, result);
    } catch (Throwable t) {
      throw rethrow(t);
    }
    // without a node it is the starting solution the monitor already holds
    if (key != null) monitor.integerSolution(values(result));
  }

  @Override
  protected void onCutFailure() {
    call(ON_CUT_FAILURE, delegate);
  }

  @Override
  protected void onCutSuccess(NodeKey key) {
    try {
      ON_CUT_SUCCESS.invoke(delegate, key);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  @Override
  protected void onNodeSolved(
      NodeKey key, Optimisation.Result result, double value, boolean minimisation) {
    try {
      ON_NODE_SOLVED.invoke(delegate, key, result, value, minimisation);
    } catch (Throwable t) {
      throw rethrow(t);
    }
    if (key != null) monitor.nodeSolved(key.sequence, key.parent, value);
  }

  @Override
  protected double scoreBranch(int index, double fraction, double displacement, boolean upper) {
    try {
      return (double) SCORE_BRANCH.invoke(delegate, index, fraction, displacement, upper);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  @Override
  protected void observeBranch(int index, boolean upper, double change) {
    try {
      OBSERVE_BRANCH.invoke(delegate, index, upper, change);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  private static void call(MethodHandle h, ModelStrategy target) {
    try {
      h.invoke(target);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  private static RuntimeException rethrow(Throwable t) {
    if (t instanceof RuntimeException r) return r;
    if (t instanceof Error e) throw e;
    return new IllegalStateException("ojAlgo strategy hook failed", t);
  }
}
