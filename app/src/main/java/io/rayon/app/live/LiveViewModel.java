package io.rayon.app.live;

import io.rayon.app.prefs.AppPreferences;
import io.rayon.model.live.AppReport;
import io.rayon.model.live.ClusterMetrics;
import io.rayon.model.live.ClusterSnapshot;
import io.rayon.model.live.QueueReport;
import io.rayon.views.plan.PlanData;
import io.rayon.yarn.LiveSession;
import io.rayon.yarn.YarnConnection;
import io.rayon.yarn.YarnRestClient;
import io.rayon.yarn.YarnRestException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Live tab's state. {@link #connect} starts polling the ResourceManager every {@link
 * #periodSecondsProperty() period} on a background thread; each poll's result is turned into what
 * the views draw (heatmap frames, YARN's plan, queue and application rows) on that thread, and only
 * the finished values are handed to the JavaFX thread through {@code fx} (Platform::runLater in the
 * app, a direct call in tests). When the server stops answering the last data stays on screen and
 * {@link #staleProperty()} turns true with "stale since …" in the status line.
 */
public final class LiveViewModel {
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT);

  private final AppPreferences prefs;
  private final Consumer<Runnable> fx;
  private final Clock clock;
  private final ZoneId zone;

  private final StringProperty url = new SimpleStringProperty(this, "url", "");
  private final StringProperty user = new SimpleStringProperty(this, "user", "");
  private final IntegerProperty periodSeconds = new SimpleIntegerProperty(this, "periodSeconds", 5);
  private final LongProperty stepSeconds = new SimpleLongProperty(this, "stepSeconds", 60);
  private final BooleanProperty allowWrite = new SimpleBooleanProperty(this, "allowWrite", false);
  private final ReadOnlyBooleanWrapper connected =
      new ReadOnlyBooleanWrapper(this, "connected", false);
  private final ReadOnlyBooleanWrapper stale = new ReadOnlyBooleanWrapper(this, "stale", false);

  /**
   * The current connection's ResourceManager has answered a poll (reset by connect and disconnect).
   */
  private final ReadOnlyBooleanWrapper answered =
      new ReadOnlyBooleanWrapper(this, "answered", false);

  private final BooleanBinding canSubmit = connected.and(answered).and(stale.not());
  private final ReadOnlyStringWrapper status =
      new ReadOnlyStringWrapper(this, "status", "Not connected.");
  private final ReadOnlyStringWrapper metricsText =
      new ReadOnlyStringWrapper(this, "metricsText", "");
  private final ReadOnlyObjectWrapper<ClusterSnapshot> snapshot =
      new ReadOnlyObjectWrapper<>(this, "snapshot");
  private final ReadOnlyObjectWrapper<List<String>> nodeNames =
      new ReadOnlyObjectWrapper<>(this, "nodeNames", List.of());
  private final ReadOnlyObjectWrapper<List<String>> racks =
      new ReadOnlyObjectWrapper<>(this, "racks", List.of());
  private final ObjectProperty<float[]> allocated =
      new SimpleObjectProperty<>(this, "allocated", new float[0]);
  private final ObjectProperty<float[]> estimated =
      new SimpleObjectProperty<>(this, "estimated", new float[0]);
  private final ReadOnlyObjectWrapper<PlanData> plan =
      new ReadOnlyObjectWrapper<>(this, "plan", PlanData.empty());
  private final LongProperty nowStep = new SimpleLongProperty(this, "nowStep", 0);
  private final ObservableList<QueueReport> queues = FXCollections.observableArrayList();
  private final ObservableList<AppReport> apps = FXCollections.observableArrayList();

  private ScheduledExecutorService poller;
  private ScheduledFuture<?> schedule;
  private LiveSession session;
  private YarnRestClient client;
  private final LiveDerived.Estimators estimators = new LiveDerived.Estimators();

  /** Bumped by every connect/disconnect, so results of an old connection are dropped. */
  private volatile int generation;

  /**
   * The plan step length for the polling thread (JavaFX properties are read on the FX thread only).
   */
  private volatile long pollStepSeconds = 60;

  public LiveViewModel(AppPreferences prefs, Consumer<Runnable> fx, Clock clock) {
    this.prefs = prefs;
    this.fx = fx;
    this.clock = clock;
    this.zone = clock.getZone();
    if (prefs != null) {
      url.set(prefs.liveUrl());
      user.set(prefs.liveUser());
    }
    periodSeconds.addListener((o, a, b) -> reschedule());
    stepSeconds.addListener((o, a, b) -> pollStepSeconds = Math.max(1, b.longValue()));
  }

  /** A new period applies at once while connected. */
  private void reschedule() {
    ScheduledExecutorService p = poller;
    if (p == null || p.isShutdown() || schedule == null) return;
    schedule.cancel(false);
    int gen = generation;
    long period = Math.max(1, periodSeconds.get());
    schedule = p.scheduleWithFixedDelay(() -> pollOnce(gen), period, period, TimeUnit.SECONDS);
  }

  public StringProperty urlProperty() {
    return url;
  }

  public StringProperty userProperty() {
    return user;
  }

  public IntegerProperty periodSecondsProperty() {
    return periodSeconds;
  }

  public LongProperty stepSecondsProperty() {
    return stepSeconds;
  }

  /** Writes (submitting reservations) for this connection; off until the user switches it on. */
  public BooleanProperty allowWriteProperty() {
    return allowWrite;
  }

  public ReadOnlyBooleanProperty connectedProperty() {
    return connected.getReadOnlyProperty();
  }

  public ReadOnlyBooleanProperty staleProperty() {
    return stale.getReadOnlyProperty();
  }

  /**
   * Whether reservations can be submitted now: connected, and the ResourceManager answered the
   * latest poll. False while the first poll is under way, and while the connection is failing
   * (stale), so nothing is sent to a server that does not answer.
   */
  public BooleanBinding canSubmitProperty() {
    return canSubmit;
  }

  public ReadOnlyStringProperty statusProperty() {
    return status.getReadOnlyProperty();
  }

  public ReadOnlyStringProperty metricsTextProperty() {
    return metricsText.getReadOnlyProperty();
  }

  public ReadOnlyObjectProperty<ClusterSnapshot> snapshotProperty() {
    return snapshot.getReadOnlyProperty();
  }

  public ReadOnlyObjectProperty<List<String>> nodeNamesProperty() {
    return nodeNames.getReadOnlyProperty();
  }

  public ReadOnlyObjectProperty<List<String>> racksProperty() {
    return racks.getReadOnlyProperty();
  }

  /** YARN's allocation per node: allocated over capacity (dominant resource). */
  public ObjectProperty<float[]> allocatedProperty() {
    return allocated;
  }

  /** Estimated usage per node (memory estimate over capacity; NaN without measurements). */
  public ObjectProperty<float[]> estimatedProperty() {
    return estimated;
  }

  public ReadOnlyObjectProperty<PlanData> planProperty() {
    return plan.getReadOnlyProperty();
  }

  public LongProperty nowStepProperty() {
    return nowStep;
  }

  public ObservableList<QueueReport> queues() {
    return queues;
  }

  public ObservableList<AppReport> apps() {
    return apps;
  }

  /** The client of the current connection, or null when not connected. */
  public YarnRestClient client() {
    return client;
  }

  /**
   * Validates the address, remembers URL and user (never secrets), and starts polling. Returns an
   * error message for the user, or null when polling started.
   */
  public String connect() {
    disconnect();
    YarnConnection c;
    try {
      // a dashboard should notice a dead server within a poll or two: short timeouts, two attempts
      c =
          YarnConnection.of(url.get())
              .withUser(user.get())
              .withAllowWrite(allowWrite.get())
              .withTimeouts(Duration.ofSeconds(3), Duration.ofSeconds(10))
              .withRetries(2, Duration.ofMillis(250), Duration.ofSeconds(1));
      client = new YarnRestClient(c, clock, YarnRestClient.Sleeper.REAL);
    } catch (IllegalArgumentException | YarnRestException e) {
      status.set("Cannot connect: " + e.getMessage());
      return e.getMessage();
    }
    if (prefs != null) prefs.setLiveConnection(c.baseUrl().toString(), c.user());
    YarnRestClient cl = client;
    session = new LiveSession(() -> cl.snapshot(List.of()), clock);
    int gen = ++generation;
    answered.set(false);
    connected.set(true);
    stale.set(false);
    status.set("Connecting to " + c.baseUrl() + " …");
    poller =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "rayon-live-poll");
              t.setDaemon(true);
              return t;
            });
    long period = Math.max(1, periodSeconds.get());
    schedule = poller.scheduleWithFixedDelay(() -> pollOnce(gen), 0, period, TimeUnit.SECONDS);
    return null;
  }

  /** Polls now (in addition to the schedule); does nothing when not connected. */
  public void refresh() {
    ScheduledExecutorService p = poller;
    int gen = generation;
    if (p != null && !p.isShutdown()) p.execute(() -> pollOnce(gen));
  }

  /** Stops polling; the last data stays visible. */
  public void disconnect() {
    generation++;
    if (schedule != null) schedule.cancel(true);
    if (poller != null) poller.shutdownNow();
    schedule = null;
    poller = null;
    answered.set(false);
    if (connected.get()) {
      connected.set(false);
      status.set(
          "Disconnected."
              + (snapshot.get() == null
                  ? ""
                  : " Showing data of " + time(snapshot.get().takenAt()) + "."));
    }
  }

  /** One poll on the polling thread; the result is applied on the JavaFX thread. */
  void pollOnce(int gen) {
    LiveSession s = session;
    if (s == null || gen != generation) return;
    LiveSession.State st = s.poll();
    LiveDerived d = null;
    if (!st.isStale() && st.snapshot() != null) {
      try {
        d = LiveDerived.of(st.snapshot(), pollStepSeconds, estimators);
      } catch (RuntimeException e) {
        st =
            new LiveSession.State(
                st.snapshot(),
                st.lastSuccess(),
                clock.instant(),
                "cannot draw the snapshot: " + e,
                st.polls(),
                st.failures());
      }
    }
    LiveDerived derived = d;
    LiveSession.State state = st;
    fx.accept(
        () -> {
          if (gen == generation) apply(state, derived);
        });
  }

  private void apply(LiveSession.State st, LiveDerived d) {
    String base = client == null ? "" : client.connection().baseUrl().toString();
    if (st.isStale()) {
      stale.set(true);
      status.set(
          "Stale since "
              + time(st.staleSince().toEpochMilli())
              + " — "
              + st.lastError()
              + (st.snapshot() == null
                  ? ""
                  : " (showing data of " + time(st.snapshot().takenAt()) + ")"));
      return;
    }
    stale.set(false);
    answered.set(true);
    ClusterSnapshot s = st.snapshot();
    snapshot.set(s);
    status.set(
        "Connected to "
            + base
            + " — updated "
            + time(s.takenAt())
            + (s.warnings().isEmpty()
                ? ""
                : " — " + s.warnings().size() + " warning(s): " + String.join("; ", s.warnings())));
    metricsText.set(metrics(s));
    if (d != null) {
      if (!d.nodeNames().equals(nodeNames.get()) || !d.racks().equals(racks.get())) {
        racks.set(d.racks());
        nodeNames.set(d.nodeNames());
      }
      allocated.set(d.allocated());
      estimated.set(d.estimated());
      plan.set(d.plan());
      nowStep.set(d.nowStep());
      queues.setAll(d.queueRows());
    }
    apps.setAll(s.apps().stream().filter(AppReport::isActive).toList());
  }

  static String metrics(ClusterSnapshot s) {
    ClusterMetrics m = s.metrics();
    if (m == null) return "";
    return String.format(
        Locale.ROOT,
        "Nodes %d/%d active · memory %,d of %,d MB (%.0f%%) · vcores %d of %d (%.0f%%) · apps running %d, pending %d"
            + " · containers %d · reservations %d · Hadoop %s",
        m.activeNodes(),
        m.totalNodes(),
        m.allocated().memoryMB(),
        m.total().memoryMB(),
        100 * m.memoryUtilization(),
        m.allocated().vcores(),
        m.total().vcores(),
        100 * m.vcoreUtilization(),
        m.appsRunning(),
        m.appsPending(),
        m.containersAllocated(),
        s.reservations().size(),
        s.info() == null ? "?" : s.info().hadoopVersion());
  }

  private String time(long epochMs) {
    return TIME.format(Instant.ofEpochMilli(epochMs).atZone(zone));
  }

  /** Period as a duration (for the status bar and tests). */
  public Duration period() {
    return Duration.ofSeconds(Math.max(1, periodSeconds.get()));
  }
}
