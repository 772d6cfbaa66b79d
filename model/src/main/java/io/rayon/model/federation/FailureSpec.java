package io.rayon.model.federation;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * Failures: sub-clusters whose resource manager is down (their capacity is lost and their pending
 * requests are redistributed over the live sub-clusters) in decision rounds {@code downFrom} to
 * {@code downUntil - 1} ({@code downUntil} 0 = until the end), and a fraction of machines
 * unavailable across the federation in every round (chosen with {@code seed}).
 *
 * @param downSubClusters names of sub-clusters whose RM is down
 * @param unavailableNodes fraction of nodes unavailable, 0 to 0.05
 * @param seed picks the unavailable nodes
 * @param downFrom the first round the RMs are down (0 = from the start)
 * @param downUntil the first round they are up again (0 = never)
 */
public record FailureSpec(
    List<String> downSubClusters,
    double unavailableNodes,
    long seed,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) Integer downFrom,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) Integer downUntil) {
  public static final FailureSpec NONE = new FailureSpec(List.of(), 0, 0, 0, 0);

  public FailureSpec {
    downSubClusters = downSubClusters == null ? List.of() : List.copyOf(downSubClusters);
    downFrom = downFrom == null ? 0 : downFrom; // optional in files
    downUntil = downUntil == null ? 0 : downUntil;
  }

  /** Failures for the whole time. */
  public static FailureSpec always(
      List<String> downSubClusters, double unavailableNodes, long seed) {
    return new FailureSpec(downSubClusters, unavailableNodes, seed, 0, 0);
  }

  /** Whether the listed RMs are down in that round. */
  public boolean downIn(int round) {
    return round >= downFrom && (downUntil <= 0 || round < downUntil);
  }

  /** The failures in force in that round: the RMs listed only while they are down. */
  public FailureSpec inRound(int round) {
    return downIn(round) ? this : new FailureSpec(List.of(), unavailableNodes, seed, 0, 0);
  }

  /** No failure at all. */
  public boolean isNone() {
    return downSubClusters.isEmpty() && unavailableNodes == 0;
  }
}
