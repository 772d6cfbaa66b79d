package io.rayon.app.workspace;

import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The undoable edits of the reservation list. Each edit touches only the reservation it names, so
 * edits recorded elsewhere (the RDL builder's own stack) never get overwritten by an undo here.
 */
public final class ReservationEdits {
  private final WorkspaceViewModel ws;

  public ReservationEdits(WorkspaceViewModel ws) {
    this.ws = ws;
  }

  /** The expression a new reservation starts with: one small atom in a one-hour window. */
  public static Rdl starterExpression() {
    return Rdl.window(Rdl.atom(Resources.of(1024, 1), 1, 4, 10, 40), 0, 60);
  }

  /** Adds a new reservation with a fresh id and selects it; returns its id. */
  public String add() {
    Scenario s = ws.getScenario();
    String id = freshId(s, "r");
    String queue = defaultQueue(s);
    ReservationRequest r =
        new ReservationRequest(id, id, "default", queue, starterExpression(), 0, 0);
    insert("Add reservation " + id, r, s.reservations().size());
    ws.selectionProperty().set(Selection.reservation(id));
    return id;
  }

  /** Copies a reservation under a fresh id, right after the original; returns the new id. */
  public String duplicate(String id) {
    Scenario s = ws.getScenario();
    ReservationRequest src =
        ws.reservation(id).orElseThrow(() -> new IllegalArgumentException("no reservation " + id));
    String nid = freshId(s, id + "-copy");
    ReservationRequest copy =
        new ReservationRequest(
            nid,
            src.name() + " (copy)",
            src.user(),
            src.queue(),
            src.rdl(),
            src.priority(),
            src.arrival());
    insert("Duplicate reservation " + id, copy, indexOf(s, id) + 1);
    ws.selectionProperty().set(Selection.reservation(nid));
    return nid;
  }

  public void remove(String id) {
    Scenario s = ws.getScenario();
    ReservationRequest r =
        ws.reservation(id).orElseThrow(() -> new IllegalArgumentException("no reservation " + id));
    int index = indexOf(s, id);
    ws.edit("Remove reservation " + id, sc -> without(sc, id), sc -> with(sc, r, index));
    if (ws.selectionProperty().get() != null && id.equals(ws.selectionProperty().get().id())) {
      ws.selectionProperty().set(null);
    }
  }

  /**
   * Inserts {@code r}; undo remembers the reservation as it is then, so redo brings back later
   * changes too.
   */
  private void insert(String label, ReservationRequest r, int index) {
    ReservationRequest[] latest = {r};
    ws.edit(
        label,
        sc -> with(sc, latest[0], index),
        sc -> {
          int i = indexOf(sc, r.id());
          if (i >= 0) latest[0] = sc.reservations().get(i);
          return without(sc, r.id());
        });
  }

  public void setName(String id, String name) {
    ReservationRequest old = current(id);
    if (old.name().equals(name)) return;
    field(
        "Rename reservation " + id,
        id,
        r -> copy(r, name, r.user(), r.queue(), r.priority()),
        r -> copy(r, old.name(), r.user(), r.queue(), r.priority()));
  }

  public void setUser(String id, String user) {
    ReservationRequest old = current(id);
    if (old.user().equals(user)) return;
    field(
        "Set user of " + id,
        id,
        r -> copy(r, r.name(), user, r.queue(), r.priority()),
        r -> copy(r, r.name(), old.user(), r.queue(), r.priority()));
  }

  public void setQueue(String id, String queue) {
    ReservationRequest old = current(id);
    if (old.queue().equals(queue)) return;
    field(
        "Set queue of " + id,
        id,
        r -> copy(r, r.name(), r.user(), queue, r.priority()),
        r -> copy(r, r.name(), r.user(), old.queue(), r.priority()));
  }

  public void setPriority(String id, int priority) {
    ReservationRequest old = current(id);
    if (old.priority() == priority) return;
    field(
        "Set priority of " + id,
        id,
        r -> copy(r, r.name(), r.user(), r.queue(), priority),
        r -> copy(r, r.name(), r.user(), r.queue(), old.priority()));
  }

  /** Replaces the expression as one undoable workspace edit. */
  public void setRdl(String id, Rdl rdl) {
    ReservationRequest old = current(id);
    if (old.rdl().equals(rdl)) return;
    field("Edit expression of " + id, id, r -> r.withRdl(rdl), r -> r.withRdl(old.rdl()));
  }

  /** Replaces the expression without an undo step here (the RDL builder records its own). */
  public void setRdlUntracked(String id, Rdl rdl) {
    ws.changeUntracked(sc -> map(sc, id, r -> r.rdl().equals(rdl) ? r : r.withRdl(rdl)));
  }

  private ReservationRequest current(String id) {
    return ws.reservation(id)
        .orElseThrow(() -> new IllegalArgumentException("no reservation " + id));
  }

  private void field(
      String label,
      String id,
      UnaryOperator<ReservationRequest> apply,
      UnaryOperator<ReservationRequest> revert) {
    ws.edit(label, sc -> map(sc, id, apply), sc -> map(sc, id, revert));
  }

  private static ReservationRequest copy(
      ReservationRequest r, String name, String user, String queue, int priority) {
    return new ReservationRequest(r.id(), name, user, queue, r.rdl(), priority, r.arrival());
  }

  static Scenario map(Scenario s, String id, UnaryOperator<ReservationRequest> f) {
    List<ReservationRequest> out = new ArrayList<>(s.reservations().size());
    boolean changed = false;
    for (ReservationRequest r : s.reservations()) {
      if (r.id().equals(id)) {
        ReservationRequest n = f.apply(r);
        changed |= n != r;
        out.add(n);
      } else {
        out.add(r);
      }
    }
    return changed ? s.withReservations(out) : s;
  }

  static Scenario with(Scenario s, ReservationRequest r, int index) {
    List<ReservationRequest> out = new ArrayList<>(s.reservations());
    out.add(Math.max(0, Math.min(index, out.size())), r);
    return s.withReservations(out);
  }

  static Scenario without(Scenario s, String id) {
    List<ReservationRequest> out = new ArrayList<>(s.reservations());
    out.removeIf(r -> r.id().equals(id));
    return s.withReservations(out);
  }

  static int indexOf(Scenario s, String id) {
    for (int i = 0; i < s.reservations().size(); i++)
      if (s.reservations().get(i).id().equals(id)) return i;
    return -1;
  }

  static String freshId(Scenario s, String prefix) {
    Set<String> ids = new HashSet<>();
    for (ReservationRequest r : s.reservations()) ids.add(r.id());
    if (!prefix.equals("r") && !ids.contains(prefix)) return prefix;
    for (int i = 1; ; i++) {
      String c = prefix + i;
      if (!ids.contains(c)) return c;
    }
  }

  /** The first reservable leaf queue (depth first), else "default". */
  static String defaultQueue(Scenario s) {
    String[] found = {null};
    s.rootQueue()
        .forEach(
            "",
            (path, q) -> {
              if (found[0] == null && q.reservable() && q.children().isEmpty()) found[0] = q.name();
            });
    return found[0] == null ? "default" : found[0];
  }
}
