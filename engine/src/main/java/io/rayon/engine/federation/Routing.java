package io.rayon.engine.federation;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The placement policies of the Hydra paper's §4.1 that decide where a job's demand lands before
 * share determination: the Router picks a job's home sub-cluster (where its application master
 * runs), and the AM–RM proxy sends each container request to a sub-cluster.
 *
 * @param router how a job's home is chosen
 * @param proxy how requests without a node or rack preference are spread
 * @param opportunistic whether requests a sub-cluster cannot take within the queue's share run as
 *     opportunistic containers on idle capacity (the paper's guaranteed/opportunistic split)
 * @param seed for the random router
 * @param delayRounds the delay-scheduling timeout of {@link Proxy#DELAY}, in decision rounds
 */
public record Routing(
    Router router, Proxy proxy, boolean opportunistic, long seed, int delayRounds) {
  public static final Routing DEFAULT = new Routing(Router.LOCALITY, Proxy.DELAY, false, 1, 0);

  /** Without a delay-scheduling timeout (what the home cannot take is spread at once). */
  public Routing(Router router, Proxy proxy, boolean opportunistic, long seed) {
    this(router, proxy, opportunistic, seed, 0);
  }

  public Routing {
    if (delayRounds < 0)
      throw new IllegalArgumentException("--delay-rounds: " + delayRounds + " is negative");
  }

  /** Router policies for a job's home sub-cluster (§4.1 "Router policies"). */
  public enum Router {
    /** uniformly at random among live sub-clusters */
    RANDOM,
    /** at random, weighted by each live sub-cluster's capacity */
    WEIGHTED,
    /** the live sub-cluster with the most headroom (capacity not yet asked for) */
    LOAD,
    /**
     * the live sub-cluster holding most of the job's node and rack requests; load-based when it has
     * none
     */
    LOCALITY;

    public String cliName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * AM–RM proxy policies for requests without a node or rack preference (§4.1 "AMRMProxy
   * policies"); node and rack requests always go to the sub-cluster owning the node or rack, and
   * every request bound for a sub-cluster whose RM is down is redistributed over the live ones by
   * headroom.
   */
  public enum Proxy {
    /** all to the job's home sub-cluster */
    HOME,
    /** spread over live sub-clusters in proportion to their headroom */
    HEADROOM,
    /**
     * delay scheduling across sub-clusters: a job's requests wait for its home sub-cluster for
     * {@code delayRounds} decision rounds after it arrives (all sent home, as {@link #HOME}); once
     * the timeout has expired, the home takes what its headroom allows and the rest is spread by
     * headroom. With a timeout of 0 (the default, and the reading for a single decision) the part
     * the home cannot take is spread at once
     */
    DELAY;

    public String cliName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public static List<String> routerNames() {
    return Arrays.stream(Router.values()).map(Router::cliName).toList();
  }

  public static List<String> proxyNames() {
    return Arrays.stream(Proxy.values()).map(Proxy::cliName).toList();
  }
}
