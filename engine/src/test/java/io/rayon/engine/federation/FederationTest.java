package io.rayon.engine.federation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.federation.FailureSpec;
import io.rayon.model.federation.FederationIO;
import io.rayon.model.federation.FederationSetup;
import io.rayon.model.federation.JobSpec;
import io.rayon.model.federation.QueueSpec;
import io.rayon.model.federation.RackSpec;
import io.rayon.model.federation.RequestSpec;
import io.rayon.model.federation.SubClusterSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FederationTest {

  static SubClusterSpec sc(String name, int nodes, int perNode) {
    return new SubClusterSpec(name, List.of(new RackSpec("r0", nodes, perNode)));
  }

  static QueueSpec q(String name, String parent, double g, double max, double w, int gang) {
    return new QueueSpec(name, parent, g, max, w, gang);
  }

  static JobSpec any(String id, String queue, int n) {
    return new JobSpec(id, queue, List.of(new RequestSpec("any", null, n)), 0, 0);
  }

  static JobSpec rack(String id, String queue, String at, int n) {
    return new JobSpec(id, queue, List.of(new RequestSpec("rack", at, n)), 0, 0);
  }

  static FederationSetup setup(List<SubClusterSpec> scs, List<QueueSpec> qs, List<JobSpec> jobs) {
    return new FederationSetup(1, "t", scs, qs, jobs, FailureSpec.NONE);
  }

  static double[] leafTotals(double[][] x) {
    double[] t = new double[x.length];
    for (int q = 0; q < x.length; q++) for (double v : x[q]) t[q] += v;
    return t;
  }

  /** root → A (.6) → {A1 (.5), A2 (.5)}, B (.4); 100 containers; demand A1 50, A2 5, B 100. */
  @Test
  void gifEqualsHandComputedHierarchicalFairShare() {
    var qs =
        List.of(
            q("root", null, 1, 1, 1, 0),
            q("A", "root", .6, 1, 1, 0),
            q("B", "root", .4, 1, 1, 0),
            q("A1", "A", .5, 1, 1, 0),
            q("A2", "A", .5, 1, 1, 0));
    var jobs =
        List.of(
            rack("j1", "A1", "s0/r0", 50),
            rack("j2", "A2", "s0/r0", 5),
            rack("j3", "B", "s0/r0", 100));
    Federation f = Federation.of(setup(List.of(sc("s0", 10, 10)), qs, jobs), Routing.DEFAULT);
    double[] t = leafTotals(SharePolicies.create("gif").shares(f));
    // guarantees A 60, B 40; A wants 55 → A 55, B 40 + the idle 5 = 45; inside A: A1 30 + A2's idle
    // 20 = 50, A2 5
    QueueTree tree = f.tree();
    assertThat(tree.leafName(0)).isEqualTo("B");
    assertThat(t[0]).isCloseTo(45, within(1e-9));
    assertThat(t[1]).isCloseTo(50, within(1e-9));
    assertThat(t[2]).isCloseTo(5, within(1e-9));
  }

  @Test
  void idleCapacityIsSharedByWeightAndCappedByMaximum() {
    var qs =
        List.of(
            q("root", null, 1, 1, 1, 0), q("X", "root", 0, 1, 1, 0), q("Y", "root", 0, 1, 3, 0));
    var jobs = List.of(any("j1", "X", 100), any("j2", "Y", 100));
    Federation f = Federation.of(setup(List.of(sc("s0", 10, 10)), qs, jobs), Routing.DEFAULT);
    double[] t = leafTotals(SharePolicies.create("gif").shares(f));
    assertThat(t).containsExactly(new double[] {25, 75}, within(1e-9));
    var capped =
        List.of(
            q("root", null, 1, 1, 1, 0), q("X", "root", 0, 1, 1, 0), q("Y", "root", 0, .5, 3, 0));
    f = Federation.of(setup(List.of(sc("s0", 10, 10)), capped, jobs), Routing.DEFAULT);
    assertThat(leafTotals(SharePolicies.create("gif").shares(f)))
        .containsExactly(new double[] {50, 50}, within(1e-9));
  }

  /**
   * The paper's example: two equal sub-clusters, q1 has 20% of the federation and most demand in
   * S_A.
   */
  @Test
  void gifMovesAQueuesShareToWhereItsDemandIs() {
    var qs =
        List.of(
            q("root", null, 1, 1, 1, 0),
            q("q1", "root", .2, 1, 1, 0),
            q("q2", "root", .8, 1, 1, 0));
    var jobs =
        List.of(
            rack("a", "q1", "A/r0", 15),
            rack("b", "q1", "B/r0", 5),
            rack("c", "q2", "A/r0", 100),
            rack("d", "q2", "B/r0", 100));
    Federation f =
        Federation.of(setup(List.of(sc("A", 5, 10), sc("B", 5, 10)), qs, jobs), Routing.DEFAULT);
    double[][] x = SharePolicies.create("gif").shares(f);
    assertThat(x[0]).containsExactly(new double[] {15, 5}, within(1e-9)); // 30% of S_A, 10% of S_B
    assertThat(x[1]).containsExactly(new double[] {35, 45}, within(1e-9));
    // uniform keeps q1 at 20% of each: 10 in S_A, and gives the rest to q2
    double[][] u = SharePolicies.create("uniform").shares(f);
    assertThat(u[0]).containsExactly(new double[] {10, 5}, within(1e-9));
  }

  @Test
  void gacNeverStartsAGangBelowItsSize() {
    var qs =
        List.of(
            q("root", null, 1, 1, 1, 0), q("g", "root", .5, 1, 1, 8), q("h", "root", .5, 1, 1, 0));
    var jobs = List.of(any("j1", "g", 30), any("j2", "h", 30));
    Federation f = Federation.of(setup(List.of(sc("s0", 5, 10)), qs, jobs), Routing.DEFAULT);
    SharePolicy gac = SharePolicies.create("gac");
    double[][] x = gac.shares(f);
    // quota 25 each; the gang queue fits 3 gangs of 8 = 24, one job waits; static: no sharing of
    // idle capacity
    assertThat(x[0][0]).isEqualTo(24);
    assertThat(x[1][0]).isEqualTo(25);
    Placement.Result r = Placement.place(f, x, false, false, false);
    assertThat(r.placed()[0][0] % 8).isZero();
    assertThat(r.placed()[0][0]).isEqualTo(24);
  }

  @Test
  void subClusterFailureReroutesPendingRequests() {
    var qs = List.of(q("root", null, 1, 1, 1, 0), q("a", "root", 1, 1, 1, 0));
    List<JobSpec> jobs = new ArrayList<>();
    jobs.add(
        new JobSpec(
            "j1",
            "a",
            List.of(
                new RequestSpec("node", "A/r0/1", 5),
                new RequestSpec("rack", "A/r0", 10),
                new RequestSpec("any", null, 10)),
            0,
            0));
    FederationSetup s = setup(List.of(sc("A", 5, 10), sc("B", 5, 10)), qs, jobs);
    Federation up =
        Federation.of(s, new Routing(Routing.Router.LOCALITY, Routing.Proxy.HOME, false, 1));
    assertThat(up.demand(0, 0)).isEqualTo(25);
    Federation down =
        Federation.of(
            s.withFailures(FailureSpec.always(List.of("A"), 0, 1)),
            new Routing(Routing.Router.LOCALITY, Routing.Proxy.HOME, false, 1));
    assertThat(down.capacity(0)).isZero();
    assertThat(down.demand(0, 0)).isZero();
    assertThat(down.demand(0, 1)).isEqualTo(25);
    FederationRun run = new FederationRun(down, false);
    var out = run.evaluate(SharePolicies.create("gif"), run.decide(SharePolicies.create("gif")));
    assertThat(out.placement().placed()[0][1]).isEqualTo(25);
    assertThat(out.metrics().nodeLocal()).isZero(); // the node request lost its node
    assertThat(out.metrics().utilization()).isCloseTo(0.5, within(1e-9));
  }

  @Test
  void unavailableMachinesAreLimitedToFivePercentAndSeeded() {
    FederationSetup s =
        FederationGenerator.generate(new FederationGenerator.Params(3, 400, 20, 10, 1, 3));
    Federation f =
        Federation.of(s.withFailures(FailureSpec.always(List.of(), 0.05, 9)), Routing.DEFAULT);
    assertThat(f.unavailableNodeCount()).isEqualTo(20);
    assertThat(f.totalCapacity()).isEqualTo(3800);
    assertThatThrownBy(
            () ->
                Federation.of(
                    s.withFailures(FailureSpec.always(List.of(), 0.06, 9)), Routing.DEFAULT))
        .hasMessageContaining("$.failures.unavailableNodes")
        .hasMessageContaining("5%");
  }

  @Test
  void nodesBeyondWhatAnArrayHoldsAreRefusedWithTheirPlaceNotWrappedAround() {
    var qs = List.of(q("root", null, 1, 1, 1, 0), q("a", "root", 1, 1, 1, 0));
    // 2^31 - 1 and 60 more: their sum wrapped to a negative array size before
    var big =
        List.of(
            sc("A", 60, 1),
            new SubClusterSpec("B", List.of(new RackSpec("r0", Integer.MAX_VALUE, 1))));
    assertThatThrownBy(
            () -> Federation.of(setup(big, qs, List.of(any("j", "a", 1))), Routing.DEFAULT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("$.subClusters[1].racks[0].nodes: 2147483647 more nodes")
        .hasMessageContaining("larger than " + Federation.MAX_NODES + " nodes");
  }

  @Test
  void badSetupsAreRejectedWithTheirPlace() {
    var qs = List.of(q("root", null, 1, 1, 1, 0), q("a", "root", 1, 1, 1, 0));
    assertThatThrownBy(
            () ->
                Federation.of(
                    setup(List.of(sc("A", 1, 1)), qs, List.of(any("j", "root", 1))),
                    Routing.DEFAULT))
        .hasMessageContaining("$.jobs[0].queue")
        .hasMessageContaining("not a leaf");
    assertThatThrownBy(
            () ->
                Federation.of(
                    setup(
                        List.of(sc("A", 1, 1)),
                        qs,
                        List.of(
                            new JobSpec(
                                "j", "a", List.of(new RequestSpec("node", "A/r0/7", 1)), 0, 0))),
                    Routing.DEFAULT))
        .hasMessageContaining("$.jobs[0].requests[0].at")
        .hasMessageContaining("A/r0/7");
    assertThatThrownBy(
            () ->
                Federation.of(
                    setup(
                        List.of(sc("A", 1, 1)),
                        List.of(
                            q("root", null, 1, 1, 1, 0),
                            q("a", "root", .7, 1, 1, 0),
                            q("b", "root", .7, 1, 1, 0)),
                        List.of()),
                    Routing.DEFAULT))
        .hasMessageContaining("more than 1");
  }

  @Test
  void theRegistryOffersEveryPolicyOfThePaper() {
    assertThat(SharePolicies.REGISTRY.names())
        .containsExactly("gif", "gac", "uniform", "load", "central", "oracle");
    assertThatThrownBy(() -> SharePolicies.REGISTRY.create("gif", Map.of("rounds", "2")))
        .hasMessageContaining("repair-rounds");
    assertThatThrownBy(() -> SharePolicies.create("gif", Map.of("any-requests", "somewhere")))
        .hasMessageContaining("flexible");
    assertThatThrownBy(() -> SharePolicies.create("drf", null))
        .hasMessageContaining("known share-policy plug-ins: gif, gac");
    assertThat(SharePolicies.plugin("gif").options())
        .extracting(OptionSpec::name)
        .containsExactly("repair-rounds", "any-requests");
    for (String n : SharePolicies.names())
      assertThat(SharePolicies.plugin(n).description()).isNotBlank();
  }

  @Test
  void routersAreSeededAndLocalityRouterPicksTheDataSubCluster() {
    FederationSetup s =
        FederationGenerator.generate(new FederationGenerator.Params(4, 400, 30, 10, 1, 5));
    for (Routing.Router r : Routing.Router.values()) {
      for (Routing.Proxy p : Routing.Proxy.values()) {
        Routing routing = new Routing(r, p, false, 7);
        Federation a = Federation.of(s, routing);
        Federation b = Federation.of(s, routing);
        for (int q = 0; q < a.tree().leafCount(); q++) {
          for (int j = 0; j < 4; j++) assertThat(a.demand(q, j)).isEqualTo(b.demand(q, j));
        }
      }
    }
    var qs = List.of(q("root", null, 1, 1, 1, 0), q("a", "root", 1, 1, 1, 0));
    var job =
        new JobSpec(
            "j",
            "a",
            List.of(new RequestSpec("rack", "B/r0", 3), new RequestSpec("any", null, 4)),
            0,
            0);
    Federation f =
        Federation.of(
            setup(List.of(sc("A", 5, 10), sc("B", 5, 10)), qs, List.of(job)),
            new Routing(Routing.Router.LOCALITY, Routing.Proxy.HOME, false, 1));
    assertThat(f.demand(0, 1)).isEqualTo(7);
  }

  @Test
  void opportunisticContainersUseIdleCapacityBeyondTheShare() {
    var qs =
        List.of(
            q("root", null, 1, 1, 1, 0), q("g", "root", .5, 1, 1, 0), q("h", "root", .5, 1, 1, 0));
    Federation f =
        Federation.of(
            setup(List.of(sc("s0", 5, 10)), qs, List.of(any("j1", "g", 40))), Routing.DEFAULT);
    FederationRun run = new FederationRun(f, true);
    var gac = SharePolicies.create("gac");
    var out = run.evaluate(gac, run.decide(gac));
    assertThat(out.metrics().allocated()).isEqualTo(25);
    assertThat(out.metrics().opportunistic()).isCloseTo(15 / 50.0, within(1e-9));
  }

  /**
   * RM of A down in rounds 1–2 of 4: its requests go to B meanwhile, and the rounds show the cost.
   */
  @Test
  void anRmDownForAPeriodCostsUtilizationOnlyThen() {
    var qs =
        List.of(
            q("root", null, 1, 1, 1, 0), q("a", "root", .5, 1, 1, 0), q("b", "root", .5, 1, 1, 0));
    var jobs =
        List.of(
            rack("j1", "a", "A/r0", 40),
            rack("j2", "b", "B/r0", 40),
            new JobSpec("late", "a", List.of(new RequestSpec("any", null, 10)), 3, 1));
    FederationSetup s =
        new FederationSetup(
            1,
            "t",
            List.of(sc("A", 5, 10), sc("B", 5, 10)),
            qs,
            jobs,
            new FailureSpec(List.of("A"), 0, 1, 1, 3));
    assertThat(Federation.rounds(s)).isEqualTo(4);
    long[] clock = {0};
    var policies = new LinkedHashMap<String, SharePolicy>();
    for (String n : List.of("gif", "uniform", "central")) policies.put(n, SharePolicies.create(n));
    FederationTimeline.Result r =
        FederationTimeline.run(
            s,
            Routing.DEFAULT,
            policies,
            Federation.rounds(s),
            () -> clock[0] += 1_000_000,
            ProgressListener.NONE,
            CancellationToken.NEVER);
    assertThat(r.rounds()).hasSize(4);
    for (int round : new int[] {1, 2}) {
      Federation f = r.rounds().get(round).federation();
      assertThat(f.isDown(0)).isTrue();
      assertThat(f.demand(f.tree().leafIndex("a"), 1)).isEqualTo(40); // rerouted to B
      var gif = r.rounds().get(round).outcomes().get("gif");
      assertThat(gif.metrics().utilization())
          .isCloseTo(1, within(1e-9)); // B is full: 50 of 50 live
      assertThat(gif.placement().total()).isEqualTo(50);
    }
    assertThat(r.rounds().get(0).outcomes().get("gif").placement().total()).isEqualTo(80);
    assertThat(
            r.rounds()
                .get(3)
                .federation()
                .leafDemand(r.rounds().get(3).federation().tree().leafIndex("a")))
        .isEqualTo(50);
    assertThat(r.summary().get("gif").runtimeMs())
        .isEqualTo(1.0); // the injected ticker, one ms per decision
    assertThat(r.summary().keySet()).containsExactly("gif", "uniform", "central");
    assertThatThrownBy(
            () ->
                Federation.of(
                    s.withFailures(new FailureSpec(List.of("A"), 0, 1, 3, 2)), Routing.DEFAULT))
        .hasMessageContaining("$.failures.downUntil");
  }

  @Test
  void generatorMeetsTheRequestedShapeAndIsSeeded() {
    var p = new FederationGenerator.Params(12, 6000, 800, 8, 1.2, 42);
    FederationSetup a = FederationGenerator.generate(p);
    assertThat(FederationIO.toJson(a))
        .isEqualTo(FederationIO.toJson(FederationGenerator.generate(p)));
    assertThat(a.subClusters()).hasSize(12);
    assertThat(
            a.subClusters().stream()
                .flatMap(sc -> sc.racks().stream())
                .mapToInt(RackSpec::nodes)
                .sum())
        .isEqualTo(6000);
    assertThat(a.queues()).hasSize(800);
    QueueTree t = QueueTree.of(a.queues());
    int depth = 0;
    for (int q = 0; q < t.size(); q++) {
      int d = 1;
      for (int x = q; t.parent[x] >= 0; x = t.parent[x]) d++;
      depth = Math.max(depth, d);
    }
    assertThat(depth).isBetween(5, 12);
    Federation f = Federation.of(a, Routing.DEFAULT);
    double total = 0, max = 0;
    for (int q = 0; q < t.leafCount(); q++) {
      total += f.leafDemand(q);
      max = Math.max(max, f.leafDemand(q));
    }
    assertThat(total).isBetween(0.8 * f.totalCapacity() - 1000, 1.5 * f.totalCapacity() + 1000);
    assertThat(max)
        .as("skewed: the largest queue wants far more than the mean")
        .isGreaterThan(10 * total / t.leafCount());
    FederationSetup timed =
        FederationGenerator.generate(new FederationGenerator.Params(4, 400, 30, 8, 1, 3, 6));
    assertThat(Federation.rounds(timed)).isBetween(2, 12);
    assertThat(timed.jobs().stream().mapToInt(JobSpec::arrival).max().orElse(0)).isPositive();
  }

  /**
   * Delay scheduling across sub-clusters: requests wait for the home until the timeout, then what
   * it cannot take spreads.
   */
  @Test
  void delaySchedulingWaitsForTheHomeUntilItsTimeout() {
    var qs = List.of(q("root", null, 1, 1, 1, 0), q("a", "root", 1, 1, 1, 0));
    var job =
        new JobSpec(
            "j",
            "a",
            List.of(new RequestSpec("rack", "A/r0", 40), new RequestSpec("any", null, 30)),
            0,
            0);
    FederationSetup s = setup(List.of(sc("A", 5, 10), sc("B", 5, 10)), qs, List.of(job));
    Routing delay2 = new Routing(Routing.Router.LOCALITY, Routing.Proxy.DELAY, false, 1, 2);
    for (int round : new int[] {0, 1}) {
      Federation f = Federation.of(s, delay2, round);
      assertThat(f.demand(0, 0)).as("round " + round).isEqualTo(70);
      assertThat(f.demand(0, 1)).isZero();
    }
    Federation later = Federation.of(s, delay2, 2);
    assertThat(later.demand(0, 0)).isEqualTo(50);
    assertThat(later.demand(0, 1)).isEqualTo(20);
    Federation noTimeout = Federation.of(s, Routing.DEFAULT, 0);
    assertThat(noTimeout.demand(0, 1)).isEqualTo(20);
    assertThatThrownBy(
            () -> new Routing(Routing.Router.LOCALITY, Routing.Proxy.DELAY, false, 1, -1))
        .hasMessageContaining("--delay-rounds");
  }
}
