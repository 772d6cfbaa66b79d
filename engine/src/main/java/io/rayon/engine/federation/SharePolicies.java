package io.rayon.engine.federation;

import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.plugin.Options;
import io.rayon.engine.plugin.Plugin;
import io.rayon.engine.plugin.Registry;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The one registry of share-determination policies (the Hydra paper's §4.2), {@link #REGISTRY}:
 * each a {@link Plugin} describing its options ({@link OptionSpec}). {@code rayon federation
 * --policy NAME -O name=value} and its {@code --help}, the Federation tab's policy list and the
 * Fig. 5 experiment are generated from it; a new policy implements {@link SharePolicy} and is one
 * more entry in the list below.
 */
public final class SharePolicies {
  private SharePolicies() {}

  private record Simple(
      String name,
      String description,
      List<OptionSpec> options,
      Function<Options, SharePolicy> make)
      implements Plugin<SharePolicy> {
    @Override
    public SharePolicy create(Options o) {
      return make.apply(o);
    }
  }

  /** The policies in the order front-ends list them: gif, gac, uniform, load, central, oracle. */
  public static final Registry<SharePolicy> REGISTRY =
      Registry.of(
          "share-policy plug-in",
          List.of(
              new Simple(
                  "gif",
                  "Global instantaneous fairness: hierarchical fair share of the whole federation, split by demand per sub-cluster",
                  List.of(
                      OptionSpec.integer(
                          "repair-rounds",
                          4,
                          0,
                          100,
                          "rounds that move share cut in an over-committed sub-cluster to the queue's other sub-clusters before the rest is cut (our reading; the paper gives no procedure)"),
                      OptionSpec.choice(
                          "any-requests",
                          "flexible",
                          List.of("flexible", "routed"),
                          "flexible: a request without a place preference may use capacity in any live sub-cluster (counted once) and the AM-RM proxy sends it where GIF gave its queue room;"
                              + " routed: only in the sub-cluster the proxy sent it to before the decision (our readings; the paper leaves it open)")),
                  o ->
                      new GifPolicy(
                          (int) o.integer("repair-rounds"),
                          o.text("any-requests").equals("flexible"))),
              new Simple(
                  "gac",
                  "Gang admission control: static quotas per sub-cluster, gangs admitted whole",
                  List.of(),
                  o -> new GacPolicy()),
              new Simple(
                  "uniform",
                  "A scheduler per sub-cluster, queues replicated with quotas in proportion to sub-cluster size",
                  List.of(),
                  o -> new LocalPolicy(LocalPolicy.Mapping.UNIFORM)),
              new Simple(
                  "load",
                  "A scheduler per sub-cluster, queue quotas mapped to sub-clusters by the demand there",
                  List.of(),
                  o -> new LocalPolicy(LocalPolicy.Mapping.LOAD)),
              new Simple(
                  "central",
                  "One idealized scheduler over all nodes honouring node locality (the paper's baseline)",
                  List.of(),
                  o -> new CentralizedPolicy(false)),
              new Simple(
                  "oracle",
                  "The fairness oracle: one scheduler over all nodes with locality relaxed",
                  List.of(),
                  o -> new CentralizedPolicy(true))));

  /** The registered names, in registration order. */
  public static List<String> names() {
    return REGISTRY.names();
  }

  /** The policy's plug-in: description and option specs. */
  public static Plugin<SharePolicy> plugin(String name) {
    return REGISTRY.get(name);
  }

  /** The policy of that name with default options. */
  public static SharePolicy create(String name) {
    return REGISTRY.create(name, Map.of());
  }

  /**
   * The policy of that name, its options checked against its description.
   *
   * @throws IllegalArgumentException naming the known policies, or the option and its allowed
   *     values
   */
  public static SharePolicy create(String name, Map<String, String> options) {
    return REGISTRY.create(name, options == null ? Map.of() : options);
  }
}
