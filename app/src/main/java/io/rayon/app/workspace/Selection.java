package io.rayon.app.workspace;

/**
 * What the user selected in the explorer, a plan view or a list: a kind and the item's id within
 * the scenario (a reservation id, a queue path, a node-group name...).
 */
public record Selection(Kind kind, String id) {
  public enum Kind {
    SCENARIO,
    CLUSTER,
    SUB_CLUSTER,
    NODE_GROUP,
    QUEUE,
    RESERVATION,
    WORKLOAD,
    JOB
  }

  public static Selection reservation(String id) {
    return new Selection(Kind.RESERVATION, id);
  }
}
