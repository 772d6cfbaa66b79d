package io.rayon.model.live;

/** The ResourceManager's identity: {@code /ws/v1/cluster/info}. Missing texts are empty strings. */
public record ClusterInfo(
    String id,
    String state,
    String haState,
    String resourceManagerVersion,
    String hadoopVersion,
    long startedOn) {
  public ClusterInfo {
    id = nz(id);
    state = nz(state);
    haState = nz(haState);
    resourceManagerVersion = nz(resourceManagerVersion);
    hadoopVersion = nz(hadoopVersion);
  }

  static String nz(String s) {
    return s == null ? "" : s;
  }
}
