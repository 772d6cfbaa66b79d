package io.rayon.app.workspace;

import java.util.HashSet;
import java.util.Objects;
import java.util.Set;
import javafx.collections.MapChangeListener;
import javafx.css.PseudoClass;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.layout.BorderPane;

/**
 * The scenario explorer: a tree of cluster, sub-clusters, node groups, queues, reservations and
 * workload. Selection is linked with the workspace both ways. A reservation with a badge ({@link
 * WorkspaceViewModel#reservationBadges}) shows it after its label, and its row has the {@code
 * :badged} pseudo-class.
 */
public final class ExplorerView extends BorderPane {
  private final WorkspaceViewModel ws;
  private final TreeView<ExplorerNode> tree = new TreeView<>();
  private boolean syncing;

  public ExplorerView(WorkspaceViewModel ws) {
    this.ws = ws;
    getStyleClass().add("explorer");
    tree.setId("explorer-tree");
    tree.setShowRoot(true);
    tree.setCellFactory(
        t ->
            new TreeCell<>() {
              @Override
              protected void updateItem(ExplorerNode item, boolean empty) {
                super.updateItem(item, empty);
                String badge = empty || item == null ? null : badgeOf(item);
                pseudoClassStateChanged(BADGED, badge != null);
                setText(
                    empty || item == null
                        ? null
                        : badge == null ? item.label() : item.label() + "  [" + badge + "]");
              }
            });
    setCenter(tree);
    rebuild();
    ws.scenarioProperty().addListener((o, a, b) -> rebuild());
    tree.getSelectionModel()
        .selectedItemProperty()
        .addListener(
            (o, a, b) -> {
              if (syncing || b == null || b.getValue().selection() == null) return;
              ws.selectionProperty().set(b.getValue().selection());
            });
    ws.selectionProperty().addListener((o, a, b) -> select(b));
    ws.reservationBadges().addListener((MapChangeListener<String, String>) c -> tree.refresh());
  }

  /** A reservation row with a badge ({@link WorkspaceViewModel#reservationBadges}). */
  public static final PseudoClass BADGED = PseudoClass.getPseudoClass("badged");

  private String badgeOf(ExplorerNode n) {
    Selection s = n.selection();
    return s == null || s.kind() != Selection.Kind.RESERVATION
        ? null
        : ws.reservationBadges().get(s.id());
  }

  public TreeView<ExplorerNode> tree() {
    return tree;
  }

  private void rebuild() {
    ExplorerNode model = ExplorerNode.of(ws.getScenario());
    // edits that change no label (an expression, a priority) leave the tree as it is
    if (tree.getRoot() != null && model.equals(tree.getRoot().getValue())) return;
    syncing = true;
    try {
      Set<String> expanded = new HashSet<>();
      if (tree.getRoot() != null) collectExpanded(tree.getRoot(), expanded);
      TreeItem<ExplorerNode> root = item(model, expanded, 0);
      root.setExpanded(true);
      tree.setRoot(root);
      select(ws.selectionProperty().get());
    } finally {
      syncing = false;
    }
  }

  private static void collectExpanded(TreeItem<ExplorerNode> it, Set<String> out) {
    if (it.isExpanded()) out.add(key(it.getValue()));
    for (TreeItem<ExplorerNode> c : it.getChildren()) collectExpanded(c, out);
  }

  private static String key(ExplorerNode n) {
    return n.selection() != null
        ? n.selection().toString()
        : n.label().replaceAll(" \\(\\d+.*\\)$", "");
  }

  private static TreeItem<ExplorerNode> item(ExplorerNode n, Set<String> expanded, int depth) {
    TreeItem<ExplorerNode> it = new TreeItem<>(n);
    for (ExplorerNode c : n.children()) it.getChildren().add(item(c, expanded, depth + 1));
    it.setExpanded(
        depth < 1
            || expanded.contains(key(n))
            || (n.label().startsWith("Reservations") && expanded.isEmpty()));
    return it;
  }

  private void select(Selection s) {
    if (s == null || tree.getRoot() == null) return;
    TreeItem<ExplorerNode> found = find(tree.getRoot(), s);
    if (found == null) return;
    TreeItem<ExplorerNode> current = tree.getSelectionModel().getSelectedItem();
    if (current != null && Objects.equals(current.getValue().selection(), s)) return;
    boolean was = syncing;
    syncing = true;
    try {
      for (TreeItem<ExplorerNode> p = found.getParent(); p != null; p = p.getParent())
        p.setExpanded(true);
      tree.getSelectionModel().select(found);
      int row = tree.getRow(found);
      if (row >= 0) tree.scrollTo(Math.max(0, row - 3));
    } finally {
      syncing = was;
    }
  }

  private static TreeItem<ExplorerNode> find(TreeItem<ExplorerNode> it, Selection s) {
    if (s.equals(it.getValue().selection())) return it;
    for (TreeItem<ExplorerNode> c : it.getChildren()) {
      TreeItem<ExplorerNode> f = find(c, s);
      if (f != null) return f;
    }
    return null;
  }
}
