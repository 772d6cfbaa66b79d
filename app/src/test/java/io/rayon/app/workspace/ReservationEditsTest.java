package io.rayon.app.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.rdl.Rdl;
import io.rayon.model.resources.Resources;
import io.rayon.testsupport.Fixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ReservationEditsTest {
  WorkspaceViewModel ws;
  ReservationEdits edits;

  @BeforeEach
  void setUp() {
    ws = new WorkspaceViewModel();
    ws.load(Fixtures.smallScenario(), null, false);
    edits = new ReservationEdits(ws);
  }

  @Test
  void everyReservationEditIsOneUndoStep() {
    String added = edits.add();
    String dup = edits.duplicate("r1");
    edits.setName("r1", "renamed");
    edits.setQueue("r2", "batch");
    edits.remove("r2");
    assertThat(ws.getScenario().reservations())
        .extracting(r -> r.id())
        .containsExactly("r1", dup, added);

    ws.history().undo();
    assertThat(ws.reservation("r2").orElseThrow().queue()).isEqualTo("batch");
    ws.history().undo();
    ws.history().undo();
    assertThat(ws.reservation("r1").orElseThrow().name()).isEqualTo("etl");
    ws.history().undo();
    ws.history().undo();
    assertThat(ws.getScenario()).isEqualTo(Fixtures.smallScenario());
    assertThat(ws.history().canUndoProperty().get()).isFalse();

    ws.history().redo();
    assertThat(ws.reservation(added)).isPresent();
  }

  @Test
  void duplicateCopiesExpressionUnderAFreshIdAfterTheOriginal() {
    String dup = edits.duplicate("r1");
    assertThat(dup).isEqualTo("r1-copy");
    assertThat(ws.getScenario().reservations().get(1).rdl())
        .isEqualTo(ws.reservation("r1").orElseThrow().rdl());
    assertThat(ws.selectionProperty().get()).isEqualTo(Selection.reservation(dup));
    assertThat(edits.duplicate("r1")).isEqualTo("r1-copy1");
  }

  @Test
  void untrackedExpressionChangesSurviveUndoOfOtherEdits() {
    edits.setName("r1", "renamed");
    Rdl e = Rdl.atom(Resources.of(512, 1), 1, 1, 1, 1);
    edits.setRdlUntracked("r1", e);
    ws.history().undo();
    assertThat(ws.reservation("r1").orElseThrow().name()).isEqualTo("etl");
    assertThat(ws.reservation("r1").orElseThrow().rdl()).isEqualTo(e);
    assertThat(ws.isDirty()).isTrue();
  }

  @Test
  void newReservationGoesToTheFirstReservableLeafQueue() {
    String id = edits.add();
    assertThat(ws.reservation(id).orElseThrow().queue()).isEqualTo("dedicated");
  }
}
