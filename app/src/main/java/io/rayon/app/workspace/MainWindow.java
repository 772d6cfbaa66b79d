package io.rayon.app.workspace;

import io.rayon.app.files.FileActions;
import io.rayon.app.prefs.Theme;
import io.rayon.views.command.CommandStack;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.stage.Window;
import javafx.stage.WindowEvent;

/**
 * The main window's layout: menu bar, explorer | tabs | inspector, status bar. It owns no
 * application logic: commands come from {@link FileActions}, the view-models and the tabs; menus
 * and the shortcut sheet are generated from the same {@link AppCommand} list.
 */
public final class MainWindow {
  private static final List<String> MENUS =
      List.of("File", "Edit", "View", "Plan", "Simulation", "Live", "Help");

  private final AppContext ctx;
  private final FileActions files;
  private final BorderPane root = new BorderPane();
  private final TabPane tabs = new TabPane();
  private final MenuBar menuBar = new MenuBar();
  private final Menu recentMenu = new Menu("Open _Recent");
  private final List<AppCommand> commands = new ArrayList<>();
  private final List<WorkspaceTab> workspaceTabs = new ArrayList<>();
  private final ExplorerView explorer;
  private final InspectorView inspector;
  private Scene scene;
  private final GuidedTour tour;
  private final SplitPane split;

  public MainWindow(AppContext ctx, FileActions files) {
    this.ctx = ctx;
    this.files = files;
    WorkspaceViewModel ws = ctx.workspace();
    explorer = new ExplorerView(ws);
    inspector = new InspectorView(new InspectorViewModel(ws));
    tabs.setId("workspace-tabs");
    tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
    split = new SplitPane(explorer, tabs, inspector);
    split.setDividerPositions(0.2, 0.76);
    SplitPane.setResizableWithParent(explorer, false);
    SplitPane.setResizableWithParent(inspector, false);
    root.setTop(menuBar);
    root.setCenter(split);
    root.setBottom(new StatusBarView(ws, ctx.executor()));
    root.setId("main-window");
    tour =
        new GuidedTour(
            ctx.prefs(),
            this::selectTab,
            selector -> {
              root.applyCss(); // a tab just selected gets its content into the scene graph now
              root.layout();
              return root.lookup(selector);
            });
    coreCommands();
    tabs.getSelectionModel()
        .selectedIndexProperty()
        .addListener(
            (o, a, b) -> {
              focusAwayFromHiddenTab(a.intValue());
              int i = b.intValue();
              if (i >= 0 && i < workspaceTabs.size()) workspaceTabs.get(i).onSelected();
            });
    ctx.prefs().recentFiles().addListener((ListChangeListener<Path>) c -> rebuildRecent());
    rebuildRecent();
    rebuildMenus();
  }

  private void coreCommands() {
    WorkspaceViewModel ws = ctx.workspace();
    ReservationEdits edits = new ReservationEdits(ws);
    var noReservation =
        Bindings.createBooleanBinding(
            () -> ws.selectedReservation().isEmpty(),
            ws.selectionProperty(),
            ws.scenarioProperty());
    commands.add(AppCommand.of("File", "_New scenario", "Shortcut+N", files::newScenario));
    commands.add(AppCommand.of("File", "_Open…", "Shortcut+O", files::open));
    commands.add(AppCommand.of("File", "_Save", "Shortcut+S", files::save));
    commands.add(AppCommand.of("File", "Save _As…", "Shortcut+Shift+S", files::saveAs));
    commands.add(AppCommand.of("Edit", "_Undo", "Shortcut+Z", () -> activeStack().undo()));
    commands.add(AppCommand.of("Edit", "_Redo", "Shortcut+Shift+Z", () -> activeStack().redo()));
    commands.add(
        AppCommand.of("Edit", "Redo (alternative)", "Shortcut+Y", () -> activeStack().redo()));
    commands.add(AppCommand.of("Edit", "_Add reservation", "Shortcut+Shift+N", edits::add));
    commands.add(
        AppCommand.of(
                "Edit",
                "_Duplicate reservation",
                "Shortcut+D",
                () -> ws.selectedReservation().ifPresent(r -> edits.duplicate(r.id())))
            .disabledWhen(noReservation));
    commands.add(
        AppCommand.of(
                "Edit",
                "Delete reservation",
                "Shortcut+DELETE",
                () -> ws.selectedReservation().ifPresent(r -> edits.remove(r.id())))
            .disabledWhen(noReservation));
    commands.add(
        AppCommand.of(
            "View",
            "Show or hide the _explorer",
            "Shortcut+Alt+E",
            () -> togglePanel(explorer, true)));
    commands.add(
        AppCommand.of(
            "View",
            "Show or hide the _inspector",
            "Shortcut+Alt+I",
            () -> togglePanel(inspector, false)));
    commands.add(
        AppCommand.of(
            "View", "_Light theme", "Shortcut+Shift+L", () -> ctx.prefs().setTheme(Theme.LIGHT)));
    commands.add(
        AppCommand.of(
            "View", "_Dark theme", "Shortcut+Shift+D", () -> ctx.prefs().setTheme(Theme.DARK)));
    commands.add(
        AppCommand.of(
            "View", "Focus _explorer", "Shortcut+E", () -> explorer.tree().requestFocus()));
    commands.add(AppCommand.of("Help", "_Keyboard shortcuts", "F1", this::showShortcuts));
    commands.add(AppCommand.of("Help", "Guided _tour", null, () -> tour.start()));
    commands.add(
        AppCommand.of(
            "Help",
            "_Documentation",
            null,
            () ->
                About.documentation()
                    .ifPresentOrElse(
                        ctx.dialogs()::showDocument,
                        () ->
                            ctx.dialogs()
                                .showInfo(
                                    "Documentation",
                                    "The documentation (README.md and docs/) was not found beside the"
                                        + " application; it is in the source distribution, and `rayon --help` describes the command line."))));
    commands.add(
        AppCommand.of(
            "Help",
            "_About Rayon Studio",
            null,
            () -> ctx.dialogs().showInfo("About Rayon Studio", About.text())));
  }

  /**
   * When the focus is in the tab being hidden, JavaFX would move it on to the next control in the
   * window at the next pulse: the inspector's Name field with its text selected, so the next
   * keystroke would rename the reservation. The tab bar takes the focus instead.
   */
  private void focusAwayFromHiddenTab(int hidden) {
    Scene s = root.getScene();
    if (s == null || hidden < 0 || hidden >= tabs.getTabs().size()) return;
    Node content = tabs.getTabs().get(hidden).getContent();
    for (Node n = s.getFocusOwner(); n != null && content != null; n = n.getParent()) {
      if (n == content) {
        tabs.requestFocus();
        return;
      }
    }
  }

  /** The stack undo acts on: the selected tab's focused editor's, else the workspace's. */
  CommandStack activeStack() {
    int i = tabs.getSelectionModel().getSelectedIndex();
    if (i >= 0 && i < workspaceTabs.size()) {
      CommandStack s = workspaceTabs.get(i).activeCommandStack();
      if (s != null) return s;
    }
    return ctx.workspace().history();
  }

  /**
   * Adds a tab (built-in or contributed) with its commands; Ctrl+1..9 select the first nine tabs.
   */
  public void registerTab(WorkspaceTab t) {
    workspaceTabs.add(t);
    Tab tab = new Tab(t.title());
    tab.setId("tab-" + t.id());
    tab.setClosable(false);
    // content joins the scene when the tab is first shown: less styling and layout at start-up
    if (tabs.getTabs().isEmpty()) tab.setContent(t.content());
    else
      tab.selectedProperty()
          .addListener(
              (o, was, now) -> {
                if (now && tab.getContent() == null) tab.setContent(t.content());
              });
    tabs.getTabs().add(tab);
    int index = workspaceTabs.size() - 1;
    if (index < 9) {
      commands.add(
          AppCommand.of(
              "View",
              "Show " + t.title() + " tab",
              "Shortcut+" + (index + 1),
              () -> tabs.getSelectionModel().select(index)));
    }
    commands.addAll(t.commands());
    for (String kind : t.fileKinds()) {
      files.routeKind(
          kind,
          file -> {
            selectTab(t.id());
            t.openFile(file);
          });
    }
    rebuildMenus();
  }

  /** Creates the tabs of every {@link WorkspaceTabProvider} on the class path. */
  public void registerContributedTabs() {
    List<WorkspaceTabProvider> providers = new ArrayList<>();
    ServiceLoader.load(WorkspaceTabProvider.class).forEach(providers::add);
    providers.sort((a, b) -> Integer.compare(a.order(), b.order()));
    for (WorkspaceTabProvider p : providers) registerTab(p.create(ctx));
  }

  public void selectTab(String id) {
    for (int i = 0; i < workspaceTabs.size(); i++)
      if (workspaceTabs.get(i).id().equals(id)) tabs.getSelectionModel().select(i);
  }

  /** The charts of the selected tab (for export). */
  public List<ChartSource> visibleCharts() {
    int i = tabs.getSelectionModel().getSelectedIndex();
    return i >= 0 && i < workspaceTabs.size() ? workspaceTabs.get(i).charts() : List.of();
  }

  /**
   * Adds commands contributed by a part of the application that is not a tab (exports, imports).
   */
  public void addCommands(List<AppCommand> more) {
    commands.addAll(more);
    rebuildMenus();
  }

  public List<WorkspaceTab> workspaceTabs() {
    return List.copyOf(workspaceTabs);
  }

  public List<AppCommand> commands() {
    return List.copyOf(commands);
  }

  private void rebuildMenus() {
    if (recentMenu.getParentMenu() != null)
      recentMenu.getParentMenu().getItems().remove(recentMenu);
    Map<String, Menu> menus = new LinkedHashMap<>();
    for (String m : MENUS) menus.put(m, new Menu("_" + m));
    for (AppCommand c : commands) {
      Menu m = menus.computeIfAbsent(c.menu(), k -> new Menu("_" + k));
      MenuItem item = new MenuItem(c.label());
      item.setMnemonicParsing(true);
      if (c.shortcut() != null) item.setAccelerator(c.shortcut());
      if (c.disabled() != null) item.disableProperty().bind(c.disabled());
      item.setOnAction(e -> c.action().run());
      item.setId(
          "menu-" + c.label().toLowerCase().replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", ""));
      m.getItems().add(item);
      if (c.menu().equals("File") && c.label().equals("_Open…")) m.getItems().add(recentMenu);
    }
    Menu file = menus.get("File");
    file.getItems().add(new SeparatorMenuItem());
    MenuItem quit = new MenuItem("_Quit");
    quit.setAccelerator(KeyCombination.keyCombination("Shortcut+Q"));
    quit.setId("menu-quit");
    quit.setOnAction(
        e -> {
          Window w = root.getScene() == null ? null : root.getScene().getWindow();
          if (w != null) w.fireEvent(new WindowEvent(w, WindowEvent.WINDOW_CLOSE_REQUEST));
        });
    file.getItems().add(quit);
    menuBar.getMenus().clear();
    for (Menu m : menus.values()) if (!m.getItems().isEmpty()) menuBar.getMenus().add(m);
  }

  private void rebuildRecent() {
    recentMenu.getItems().clear();
    for (Path p : ctx.prefs().recentFiles()) {
      MenuItem it =
          new MenuItem(p.getFileName() + "  —  " + (p.getParent() == null ? "" : p.getParent()));
      it.setMnemonicParsing(false);
      it.setOnAction(e -> files.openRecent(p));
      recentMenu.getItems().add(it);
    }
    if (!recentMenu.getItems().isEmpty()) {
      recentMenu.getItems().add(new SeparatorMenuItem());
      MenuItem clear = new MenuItem("Clear recent files");
      clear.setOnAction(e -> ctx.prefs().clearRecentFiles());
      recentMenu.getItems().add(clear);
    }
    recentMenu.setDisable(ctx.prefs().recentFiles().isEmpty());
  }

  public void showShortcuts() {
    ShortcutSheet.show(scene == null ? null : scene.getWindow(), commands());
  }

  /** Builds the scene: theme from preferences (and kept in sync), '?' opens the shortcut sheet. */
  public Scene createScene(double width, double height) {
    scene = new Scene(root, width, height);
    ThemeStyles.apply(scene, ctx.prefs().getTheme());
    ctx.prefs().themeProperty().addListener((o, a, b) -> ThemeStyles.apply(scene, b));
    scene.addEventHandler(
        KeyEvent.KEY_TYPED,
        e -> {
          if ("?".equals(e.getCharacter())
              && !(scene.getFocusOwner() instanceof TextInputControl)) {
            showShortcuts();
            e.consume();
          }
        });
    return scene;
  }

  /**
   * Collapses a side panel (the explorer on the left, the inspector on the right) so the tabs get
   * its width, or brings it back where it was.
   */
  public void togglePanel(Node panel, boolean left) {
    if (split.getItems().remove(panel)) return;
    if (left) {
      split.getItems().add(0, panel);
      split.setDividerPosition(0, 0.2);
    } else {
      split.getItems().add(panel);
      split.setDividerPosition(split.getDividers().size() - 1, 0.76);
    }
  }

  /** Whether the explorer ({@code left}) or the inspector is shown. */
  public boolean panelShown(boolean left) {
    return split.getItems().contains(left ? explorer : inspector);
  }

  /** The first-start guided tour (Help → Guided tour). */
  public GuidedTour tour() {
    return tour;
  }

  public BorderPane root() {
    return root;
  }

  public ExplorerView explorer() {
    return explorer;
  }

  public TabPane tabPane() {
    return tabs;
  }

  public void dispose() {
    for (WorkspaceTab t : workspaceTabs) t.dispose();
  }
}
