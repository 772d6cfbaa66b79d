package io.rayon.app.workspace;

import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.cluster.Queue;
import io.rayon.model.cluster.SubCluster;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.workload.Job;
import java.util.ArrayList;
import java.util.List;

/**
 * One entry of the scenario explorer: a label, what selecting it selects (null for a folder), and
 * its children. Built from a scenario by {@link #of(Scenario)}; large job lists are capped at
 * {@value #MAX_JOBS} entries with a summary line.
 */
public record ExplorerNode(String label, Selection selection, List<ExplorerNode> children) {
  static final int MAX_JOBS = 500;

  public ExplorerNode {
    children = List.copyOf(children);
  }

  static ExplorerNode leaf(String label, Selection sel) {
    return new ExplorerNode(label, sel, List.of());
  }

  public static ExplorerNode of(Scenario s) {
    List<ExplorerNode> top = new ArrayList<>();

    List<ExplorerNode> clusterKids = new ArrayList<>();
    if (!s.cluster().subClusters().isEmpty()) {
      List<ExplorerNode> subs = new ArrayList<>();
      for (SubCluster sc : s.cluster().subClusters()) {
        List<ExplorerNode> groups = new ArrayList<>();
        for (NodeGroup g : s.cluster().nodeGroups()) {
          if (sc.id().equals(g.subCluster())) groups.add(groupNode(g));
        }
        subs.add(
            new ExplorerNode(sc.id(), new Selection(Selection.Kind.SUB_CLUSTER, sc.id()), groups));
      }
      clusterKids.add(new ExplorerNode("Sub-clusters (" + subs.size() + ")", null, subs));
    }
    List<ExplorerNode> groups = new ArrayList<>();
    for (NodeGroup g : s.cluster().nodeGroups()) groups.add(groupNode(g));
    clusterKids.add(new ExplorerNode("Node groups (" + groups.size() + ")", null, groups));
    top.add(
        new ExplorerNode(
            "Cluster " + s.cluster().name() + " (" + s.cluster().nodeCount() + " nodes)",
            new Selection(Selection.Kind.CLUSTER, s.cluster().name()),
            clusterKids));

    top.add(new ExplorerNode("Queues", null, List.of(queueNode(s.rootQueue(), ""))));

    List<ExplorerNode> res = new ArrayList<>();
    for (ReservationRequest r : s.reservations()) {
      String label = r.name().equals(r.id()) ? r.id() : r.id() + "  " + r.name();
      res.add(leaf(label, Selection.reservation(r.id())));
    }
    top.add(new ExplorerNode("Reservations (" + res.size() + ")", null, res));

    List<ExplorerNode> jobs = new ArrayList<>();
    List<Job> all = s.workload().jobs();
    for (int i = 0; i < Math.min(all.size(), MAX_JOBS); i++) {
      Job j = all.get(i);
      jobs.add(
          leaf(
              j.id() + "  " + j.kind().name().toLowerCase().replace('_', '-'),
              new Selection(Selection.Kind.JOB, j.id())));
    }
    if (all.size() > MAX_JOBS) jobs.add(leaf("… " + (all.size() - MAX_JOBS) + " more jobs", null));
    top.add(
        new ExplorerNode(
            "Workload (" + all.size() + " jobs)",
            new Selection(Selection.Kind.WORKLOAD, "workload"),
            jobs));

    return new ExplorerNode(s.name(), new Selection(Selection.Kind.SCENARIO, s.name()), top);
  }

  private static ExplorerNode groupNode(NodeGroup g) {
    return leaf(
        g.name() + " ×" + g.count() + " " + g.capacity(),
        new Selection(Selection.Kind.NODE_GROUP, g.name()));
  }

  private static ExplorerNode queueNode(Queue q, String parent) {
    String path = parent.isEmpty() ? q.name() : parent + "." + q.name();
    List<ExplorerNode> kids = new ArrayList<>();
    for (Queue c : q.children()) kids.add(queueNode(c, path));
    String label = q.name() + (q.reservable() ? " (reservable)" : "");
    return new ExplorerNode(label, new Selection(Selection.Kind.QUEUE, path), kids);
  }
}
