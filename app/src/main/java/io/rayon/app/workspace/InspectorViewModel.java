package io.rayon.app.workspace;

import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.cluster.Queue;
import io.rayon.model.rdl.RdlPrinter;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.workload.Job;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * What the inspector shows for the selection: a heading, property rows (reservation name, user,
 * queue and priority are editable, with validation here, and each change is one undoable edit), the
 * reservation's RDL text (read-only), and the last validation problem.
 */
public final class InspectorViewModel {
  private final WorkspaceViewModel ws;
  private final ReservationEdits edits;
  private final ObservableList<InspectorEntry> entries = FXCollections.observableArrayList();
  private final ObservableList<InspectorEntry> entriesView =
      FXCollections.unmodifiableObservableList(entries);
  private final ReadOnlyStringWrapper heading = new ReadOnlyStringWrapper(this, "heading", "");
  private final ReadOnlyStringWrapper rdlText = new ReadOnlyStringWrapper(this, "rdlText", "");
  private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");

  public InspectorViewModel(WorkspaceViewModel ws) {
    this.ws = ws;
    this.edits = new ReservationEdits(ws);
    ws.selectionProperty()
        .addListener(
            (o, a, b) -> {
              problem.set("");
              refresh();
            });
    ws.scenarioProperty().addListener((o, a, b) -> refresh());
    refresh();
  }

  private void refresh() {
    Selection sel = ws.selectionProperty().get();
    Scenario s = ws.getScenario();
    List<InspectorEntry> out = new ArrayList<>();
    String rdl = "";
    String head;
    if (sel == null) {
      head = "Scenario " + s.name();
      scenarioRows(s, out);
    } else {
      switch (sel.kind()) {
        case RESERVATION -> {
          ReservationRequest r = ws.reservation(sel.id()).orElse(null);
          if (r == null) {
            head = "Reservation " + sel.id() + " (removed)";
          } else {
            head = "Reservation " + r.id();
            reservationRows(s, r, out);
            rdl = RdlPrinter.pretty(r.rdl());
          }
        }
        case NODE_GROUP -> {
          head = "Node group " + sel.id();
          for (NodeGroup g : s.cluster().nodeGroups()) {
            if (g.name().equals(sel.id())) {
              out.add(InspectorEntry.readOnly("Nodes", g.count()));
              out.add(InspectorEntry.readOnly("Capacity per node", g.capacity()));
              out.add(InspectorEntry.readOnly("Allowance per node", g.effectiveAllowance()));
              out.add(InspectorEntry.readOnly("Racks", g.effectiveRacks()));
              out.add(
                  InspectorEntry.readOnly(
                      "Sub-cluster", g.subCluster() == null ? "-" : g.subCluster()));
              out.add(InspectorEntry.readOnly("Total capacity", g.totalCapacity()));
            }
          }
        }
        case QUEUE -> {
          head = "Queue " + sel.id();
          Queue q = s.rootQueue().find(sel.id());
          if (q != null) {
            out.add(InspectorEntry.readOnly("Guaranteed", pct(q.guaranteed())));
            out.add(InspectorEntry.readOnly("Maximum", pct(q.maximum())));
            out.add(InspectorEntry.readOnly("Weight", q.weight()));
            out.add(InspectorEntry.readOnly("Reservable", q.reservable()));
            out.add(InspectorEntry.readOnly("Children", q.children().size()));
          }
        }
        case JOB -> {
          head = "Job " + sel.id();
          for (Job j : s.workload().jobs()) {
            if (j.id().equals(sel.id())) {
              out.add(InspectorEntry.readOnly("Kind", j.kind()));
              out.add(InspectorEntry.readOnly("User", j.user()));
              out.add(InspectorEntry.readOnly("Queue", j.queue()));
              out.add(InspectorEntry.readOnly("Arrival (s)", j.arrivalS()));
              out.add(
                  InspectorEntry.readOnly(
                      "Deadline (s)", j.deadlineS() == null ? "-" : j.deadlineS()));
              out.add(
                  InspectorEntry.readOnly(
                      "Reservation", j.reservationId() == null ? "-" : j.reservationId()));
              out.add(InspectorEntry.readOnly("Tasks", j.taskCount()));
              break;
            }
          }
        }
        case WORKLOAD -> {
          head = "Workload";
          out.add(
              InspectorEntry.readOnly(
                  "Source", s.workload().source() == null ? "-" : s.workload().source()));
          out.add(InspectorEntry.readOnly("Jobs", s.workload().jobs().size()));
          out.add(InspectorEntry.readOnly("Tasks", s.workload().taskCount()));
        }
        case CLUSTER, SUB_CLUSTER -> {
          head = (sel.kind() == Selection.Kind.CLUSTER ? "Cluster " : "Sub-cluster ") + sel.id();
          out.add(InspectorEntry.readOnly("Nodes", s.cluster().nodeCount()));
          out.add(InspectorEntry.readOnly("Capacity", s.cluster().totalCapacity()));
          out.add(InspectorEntry.readOnly("Largest node", s.cluster().largestNode()));
          out.add(InspectorEntry.readOnly("Node groups", s.cluster().nodeGroups().size()));
          out.add(
              InspectorEntry.readOnly("Capacity changes", s.cluster().capacityChanges().size()));
        }
        default -> {
          head = "Scenario " + s.name();
          scenarioRows(s, out);
        }
      }
    }
    heading.set(head);
    rdlText.set(rdl);
    entries.setAll(out);
  }

  private static String pct(double f) {
    return Math.round(f * 1000) / 10.0 + "%";
  }

  private static void scenarioRows(Scenario s, List<InspectorEntry> out) {
    out.add(InspectorEntry.readOnly("Name", s.name()));
    out.add(InspectorEntry.readOnly("Step length (s)", s.stepSeconds()));
    out.add(InspectorEntry.readOnly("Horizon (steps)", s.horizonSteps()));
    out.add(InspectorEntry.readOnly("Sharing policy", s.sharingPolicy()));
    out.add(InspectorEntry.readOnly("Nodes", s.cluster().nodeCount()));
    out.add(InspectorEntry.readOnly("Capacity", s.cluster().totalCapacity()));
    out.add(InspectorEntry.readOnly("Reservations", s.reservations().size()));
    out.add(InspectorEntry.readOnly("Jobs", s.workload().jobs().size()));
  }

  private void reservationRows(Scenario s, ReservationRequest r, List<InspectorEntry> out) {
    String id = r.id();
    out.add(InspectorEntry.readOnly("Id", id));
    out.add(
        new InspectorEntry(
            "Name",
            r.name(),
            List.of(),
            v -> apply(validateName(v), () -> edits.setName(id, v.trim()))));
    out.add(
        new InspectorEntry(
            "User",
            r.user(),
            List.of(),
            v -> apply(validateUser(v), () -> edits.setUser(id, v.trim()))));
    List<String> queues = reservableQueues(s);
    if (!queues.contains(r.queue())) queues.add(0, r.queue());
    out.add(
        new InspectorEntry(
            "Queue",
            r.queue(),
            queues,
            v -> apply(validateQueue(s, v), () -> edits.setQueue(id, v.trim()))));
    out.add(
        new InspectorEntry(
            "Priority",
            Integer.toString(r.priority()),
            List.of(),
            v ->
                apply(
                    validatePriority(v), () -> edits.setPriority(id, Integer.parseInt(v.trim())))));
    out.add(InspectorEntry.readOnly("Arrival (step)", r.arrival()));
    out.add(InspectorEntry.readOnly("Total work (bundle-steps)", r.rdl().totalWork()));
  }

  private String apply(String problemText, Runnable change) {
    if (problemText != null) {
      problem.set(problemText);
      return problemText;
    }
    problem.set("");
    change.run();
    return null;
  }

  static String validateName(String v) {
    if (v == null || v.isBlank()) return "A reservation needs a name; it may repeat the id.";
    if (v.length() > 200) return "Name is " + v.length() + " characters long; keep it under 200.";
    return null;
  }

  static String validateUser(String v) {
    if (v == null || v.isBlank())
      return "A reservation needs a user (the sharing policy limits each user).";
    if (!v.trim().matches("[A-Za-z0-9_.@-]+"))
      return "User '" + v + "' has spaces or symbols; use letters, digits, _ . @ -";
    return null;
  }

  static String validatePriority(String v) {
    try {
      Integer.parseInt(v.trim());
      return null;
    } catch (NumberFormatException | NullPointerException e) {
      return "Priority must be a whole number, got '" + v + "'.";
    }
  }

  static String validateQueue(Scenario s, String v) {
    if (v == null || v.isBlank()) return "A reservation needs a queue.";
    List<String> ok = reservableQueues(s);
    if (ok.isEmpty() || ok.contains(v.trim())) return null;
    return "Queue '"
        + v.trim()
        + "' is not a reservable leaf queue of this scenario; choose one of "
        + ok
        + ".";
  }

  static List<String> reservableQueues(Scenario s) {
    List<String> out = new ArrayList<>();
    s.rootQueue()
        .forEach(
            "",
            (path, q) -> {
              if (q.reservable() && q.children().isEmpty()) out.add(q.name());
            });
    return out;
  }

  public ObservableList<InspectorEntry> entries() {
    return entriesView;
  }

  public ReadOnlyStringProperty headingProperty() {
    return heading.getReadOnlyProperty();
  }

  public ReadOnlyStringProperty rdlTextProperty() {
    return rdlText.getReadOnlyProperty();
  }

  public ReadOnlyStringProperty problemProperty() {
    return problem.getReadOnlyProperty();
  }
}
