package io.rayon.views.plan;

import javafx.beans.binding.Bindings;
import javafx.scene.control.Label;
import javafx.scene.control.SkinBase;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;

/** Skin of {@link PlanDiffView}: a summary and legend, then plan A above plan B. */
public class PlanDiffViewSkin extends SkinBase<PlanDiffView> {
  public PlanDiffViewSkin(PlanDiffView v) {
    super(v);
    Label summary = new Label();
    summary.setId("plan-diff-summary");
    summary.getStyleClass().add("plan-diff-summary");
    summary
        .textProperty()
        .bind(
            Bindings.createStringBinding(
                () -> v.getDiff() == null ? "" : v.getDiff().summary(), v.diffProperty()));
    HBox legend =
        new HBox(
            10,
            key("unchanged", PlanDiffView.UNCHANGED),
            key("moved", PlanDiffView.MOVED),
            key("only in A", PlanDiffView.ONLY_IN_A),
            key("only in B", PlanDiffView.ONLY_IN_B));
    Region gap = new Region();
    HBox.setHgrow(gap, Priority.ALWAYS);
    HBox top = new HBox(12, summary, gap, legend);
    top.getStyleClass().add("plan-diff-header");
    Label a = new Label();
    a.textProperty().bind(v.titleAProperty());
    a.getStyleClass().add("plan-diff-title");
    Label b = new Label();
    b.textProperty().bind(v.titleBProperty());
    b.getStyleClass().add("plan-diff-title");
    VBox.setVgrow(v.getViewA(), Priority.ALWAYS);
    VBox.setVgrow(v.getViewB(), Priority.ALWAYS);
    getChildren().add(new VBox(4, top, a, v.getViewA(), b, v.getViewB()));
  }

  private static Label key(String text, Color c) {
    Label l = new Label(text, new Rectangle(10, 10, c));
    l.getStyleClass().add("plan-diff-key");
    return l;
  }
}
