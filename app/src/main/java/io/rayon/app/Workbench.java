package io.rayon.app;

import io.rayon.app.compare.CompareTab;
import io.rayon.app.compare.CompareViewModel;
import io.rayon.app.files.ExportActions;
import io.rayon.app.files.FileActions;
import io.rayon.app.plan.PlanTab;
import io.rayon.app.plan.PlanViewModel;
import io.rayon.app.reservations.ReservationsTab;
import io.rayon.app.reservations.ReservationsViewModel;
import io.rayon.app.rush.RushTab;
import io.rayon.app.simulation.SimulationTab;
import io.rayon.app.simulation.SimulationViewModel;
import io.rayon.app.sweep.SweepTab;
import io.rayon.app.sweep.SweepViewModel;
import io.rayon.app.workspace.AppCommand;
import io.rayon.app.workspace.AppContext;
import io.rayon.app.workspace.MainWindow;
import io.rayon.app.workspace.RunNotices;
import io.rayon.app.workspace.WorkspaceTab;
import java.util.List;

/**
 * The assembled application: the main window with the built-in tabs (Reservations, Plan, Compare,
 * Simulation) and the contributed ones, and the view-models behind them. {@link RayonApp} and the
 * UI tests build it the same way; tests pass in-memory preferences and a dialog service of their
 * own.
 */
public final class Workbench {
  public final MainWindow window;
  public final PlanViewModel plan;
  public final ReservationsViewModel reservations;
  public final CompareViewModel compare;
  public final ReservationsTab reservationsTab;
  public final PlanTab planTab;
  public final CompareTab compareTab;
  public final SimulationViewModel simulation;
  public final SimulationTab simulationTab;
  public final SweepViewModel sweep;
  public final SweepTab sweepTab;
  public final ExportActions exports;

  private Workbench(AppContext ctx, FileActions files) {
    window = new MainWindow(ctx, files);
    plan = new PlanViewModel(ctx.workspace(), ctx.executor(), ctx.prefs());
    reservations = new ReservationsViewModel(ctx.workspace(), ctx.executor(), plan);
    compare = new CompareViewModel(ctx.workspace(), ctx.executor());
    reservationsTab = new ReservationsTab(ctx.workspace(), reservations, plan);
    planTab = new PlanTab(ctx.workspace(), plan);
    compareTab = new CompareTab(ctx.workspace(), compare, ctx.dialogs(), ctx.executor());
    window.registerTab(reservationsTab);
    window.registerTab(planTab);
    window.registerTab(compareTab);
    simulation = new SimulationViewModel(ctx.workspace(), ctx.executor());
    simulationTab = new SimulationTab(simulation);
    window.registerTab(simulationTab);
    sweep = new SweepViewModel(ctx.workspace(), ctx.executor());
    sweepTab = new SweepTab(sweep, ctx.executor(), ctx.dialogs());
    window.registerTab(sweepTab);
    window.registerContributedTabs();
    // the Simulation tab's RUSH schedulers run the RUSH tab's scenario, and their runs show there
    for (WorkspaceTab t : window.workspaceTabs()) {
      if (t instanceof RushTab rush)
        simulation.attachRush(rush.viewModel(), () -> window.selectTab(rush.id()));
    }
    // one time cursor: simulation playback moves the plan's cursor (skyline and Gantt lanes) too
    Runnable followPlayback =
        () -> {
          var r = simulation.resultProperty().get();
          int f = simulation.frameProperty().get();
          long step = -1;
          if (r != null && f >= 0 && f < r.frames().size()) {
            long stepSeconds = ctx.workspace().getScenario().stepSeconds();
            step =
                stepSeconds <= 0 ? -1 : (long) Math.floor(r.frames().get(f).timeS() / stepSeconds);
          }
          planTab.skyline().setCursorStep(step);
        };
    simulation.frameProperty().addListener((o, a, b) -> followPlayback.run());
    simulation
        .resultProperty()
        .addListener(
            (o, a, b) -> {
              // the plan view draws what the reservations actually got over what was planned, as
              // playback goes
              planTab.skyline().setOverlay(SimulationViewModel.actualOverlay(b));
              followPlayback.run();
            });
    RunNotices.watch(
        ctx.workspace(), ctx.dialogs(), "Planning", plan.runningProperty(), plan::outcome);
    RunNotices.watch(
        ctx.workspace(),
        ctx.dialogs(),
        "Simulation",
        simulation.runningProperty(),
        () ->
            simulation.problemProperty().get().isEmpty()
                ? simulation.summaryProperty().get()
                : simulation.problemProperty().get());
    RunNotices.watch(
        ctx.workspace(),
        ctx.dialogs(),
        "Sweep",
        sweep.runningProperty(),
        () -> {
          if (!sweep.problemProperty().get().isEmpty()) return sweep.problemProperty().get();
          var r = sweep.resultProperty().get();
          return r == null ? "Sweep cancelled." : r.rows().size() + " runs are in the Sweep tab.";
        });
    RunNotices.watch(
        ctx.workspace(),
        ctx.dialogs(),
        "Comparison",
        compare.runningProperty(),
        () -> {
          if (!compare.problemProperty().get().isEmpty()) return compare.problemProperty().get();
          var r = compare.resultProperty().get();
          return r == null
              ? "Comparison cancelled."
              : r.labelA() + " and " + r.labelB() + " are side by side in the Compare tab.";
        });
    exports =
        new ExportActions(
                ctx.workspace(),
                ctx.executor(),
                ctx.dialogs(),
                plan::getState,
                window::visibleCharts)
            .withSimulation(() -> simulation.resultProperty().get());
    window.addCommands(
        List.of(
            AppCommand.of("File", "_Import trace…", "Shortcut+I", exports::importTrace),
            AppCommand.of(
                "File", "Export plan as _JSON…", "Shortcut+Alt+J", exports::exportPlanJson),
            AppCommand.of("File", "Export plan as _CSV…", "Shortcut+Alt+C", exports::exportPlanCsv),
            AppCommand.of(
                "File", "Export chart as _PNG…", "Shortcut+Alt+G", exports::exportChartPng),
            AppCommand.of(
                "File", "Export chart as S_VG…", "Shortcut+Alt+V", exports::exportChartSvg),
            AppCommand.of(
                "File", "Export reservations for _YARN…", "Shortcut+Alt+Y", exports::exportYarn),
            AppCommand.of(
                "File",
                "Export simulation series as CSV…",
                null,
                exports::exportSimulationSeriesCsv),
            AppCommand.of(
                "File", "Export simulation jobs as CSV…", null, exports::exportSimulationJobsCsv),
            AppCommand.of(
                "File", "Export simulation run as JSON…", null, exports::exportSimulationJson)));
  }

  public static Workbench build(AppContext ctx, FileActions files) {
    return new Workbench(ctx, files);
  }
}
