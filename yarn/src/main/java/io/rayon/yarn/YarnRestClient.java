package io.rayon.yarn;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rayon.model.io.Json;
import io.rayon.model.live.AppReport;
import io.rayon.model.live.ClusterInfo;
import io.rayon.model.live.ClusterMetrics;
import io.rayon.model.live.ClusterSnapshot;
import io.rayon.model.live.NodeReport;
import io.rayon.model.live.QueueReport;
import io.rayon.model.live.YarnReservation;
import io.rayon.model.live.YarnReservationDefinition;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;

/**
 * A client for the YARN ResourceManager REST API ({@code /ws/v1/cluster/...}) on {@code
 * java.net.http}. Reads ({@code GET}) are retried on connection failures, timeouts and 5xx answers
 * with exponential back-off, at most {@link YarnConnection#readAttempts()} times; writes ({@code
 * POST}) are sent once and only when the connection allows writes. Every failure is a {@link
 * YarnRestException} naming the endpoint and the problem. Thread-safe: the dashboard polls from a
 * background thread while the CLI and the submit dialog use their own calls.
 */
public final class YarnRestClient {

  /** Waits between read attempts; tests pass one that records instead of sleeping. */
  @FunctionalInterface
  public interface Sleeper {
    void sleep(Duration d) throws InterruptedException;

    Sleeper REAL = d -> Thread.sleep(d.toMillis());
  }

  static final String BASE = "/ws/v1/cluster";
  private static final int EXCERPT = 300;
  /** The most queues one snapshot lists reservations for. */
  static final int MAX_RESERVATION_QUEUES = 32;

  private final YarnConnection conn;
  private final HttpClient http;
  private final Clock clock;
  private final Sleeper sleeper;

  public YarnRestClient(YarnConnection conn) throws YarnRestException {
    this(conn, Clock.systemUTC(), Sleeper.REAL);
  }

  public YarnRestClient(YarnConnection conn, Clock clock, Sleeper sleeper) throws YarnRestException {
    this.conn = conn;
    this.clock = clock;
    this.sleeper = sleeper;
    HttpClient.Builder b =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(conn.connectTimeout())
            .followRedirects(HttpClient.Redirect.NORMAL);
    if (conn.trustStore() != null) b.sslContext(sslContext(conn));
    this.http = b.build();
  }

  public YarnConnection connection() {
    return conn;
  }

  private static SSLContext sslContext(YarnConnection c) throws YarnRestException {
    String where = "trust store " + c.trustStore();
    char[] pw = c.trustStorePassword();
    try (InputStream in = Files.newInputStream(c.trustStore())) {
      String name = c.trustStore().getFileName().toString().toLowerCase(java.util.Locale.ROOT);
      KeyStore ks = KeyStore.getInstance(name.endsWith(".jks") ? "JKS" : "PKCS12");
      ks.load(in, pw);
      TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(ks);
      SSLContext ctx = SSLContext.getInstance("TLS");
      ctx.init(null, tmf.getTrustManagers(), null);
      return ctx;
    } catch (java.nio.file.NoSuchFileException e) {
      throw new YarnRestException(YarnRestException.Kind.SETUP, where, -1, "no such file", 1, e);
    } catch (IOException e) {
      String why = e.getCause() instanceof java.security.UnrecoverableKeyException || String.valueOf(e.getMessage()).contains("password")
          ? "wrong password or not a PKCS12/JKS key store" : "cannot read: " + e.getMessage();
      throw new YarnRestException(YarnRestException.Kind.SETUP, where, -1, why, 1, e);
    } catch (GeneralSecurityException e) {
      throw new YarnRestException(YarnRestException.Kind.SETUP, where, -1, "unusable: " + e.getMessage(), 1, e);
    }
  }

  // ---------------------------------------------------------------- reads

  public ClusterInfo clusterInfo() throws YarnRestException {
    return read("/info", YarnReplies::info);
  }

  public ClusterMetrics metrics() throws YarnRestException {
    return read("/metrics", YarnReplies::metrics);
  }

  public List<NodeReport> nodes() throws YarnRestException {
    return read("/nodes", YarnReplies::nodes);
  }

  /** Applications that are not finished (new, submitted, accepted, running). */
  public List<AppReport> activeApps() throws YarnRestException {
    return read("/apps?states=NEW,NEW_SAVING,SUBMITTED,ACCEPTED,RUNNING", YarnReplies::apps);
  }

  /** Every application the RM remembers (finished ones included). */
  public List<AppReport> apps() throws YarnRestException {
    return read("/apps", YarnReplies::apps);
  }

  public QueueReport queues() throws YarnRestException {
    return read("/scheduler", YarnReplies::queues);
  }

  public String schedulerType() throws YarnRestException {
    return read("/scheduler", YarnReplies::schedulerType);
  }

  /** The reservations in a reservable queue's plan, with their allocations over time. */
  public List<YarnReservation> listReservations(String queue) throws YarnRestException {
    return read("/reservation/list?queue=" + enc(queue) + "&include-resource-allocations=true",
        r -> YarnReplies.reservations(r, queue));
  }

  /** One reservation by id, or null when the plan of {@code queue} does not hold it. */
  public YarnReservation reservation(String queue, String reservationId) throws YarnRestException {
    List<YarnReservation> l = read("/reservation/list?queue=" + enc(queue) + "&reservation-id=" + enc(reservationId)
        + "&include-resource-allocations=true", r -> YarnReplies.reservations(r, queue));
    for (YarnReservation r : l) if (r.id().equals(reservationId)) return r;
    return null;
  }

  // ---------------------------------------------------------------- writes

  /** Asks the RM for a fresh reservation id (a write: needs an allowed connection). */
  public String newReservationId() throws YarnRestException {
    JsonNode reply = write("/reservation/new-reservation", null);
    return parse("POST " + BASE + "/reservation/new-reservation", reply, YarnReplies::newReservationId);
  }

  /** Submits a reservation under an id from {@link #newReservationId}. YARN answers 202 and no body. */
  public void submitReservation(String reservationId, String queue, YarnReservationDefinition def)
      throws YarnRestException {
    write("/reservation/submit", YarnRequests.submission(reservationId, queue, def));
  }

  /** Replaces a reservation's definition; YARN keeps the old one when the new one does not fit. */
  public void updateReservation(String reservationId, YarnReservationDefinition def) throws YarnRestException {
    write("/reservation/update", YarnRequests.update(reservationId, def));
  }

  public void deleteReservation(String reservationId) throws YarnRestException {
    write("/reservation/delete", YarnRequests.delete(reservationId));
  }

  // ---------------------------------------------------------------- snapshot

  /**
   * Reads everything the dashboard shows. Metrics, info, nodes, applications and the scheduler must
   * answer; reservations are listed for {@code reservationQueues}, or, when that is empty, for every
   * plan queue found in the scheduler's tree (a CapacityScheduler or FairScheduler plan queue has a
   * child named {@code <queue>-default}). A reservation list that fails becomes a warning in the
   * snapshot instead of failing the whole poll.
   */
  public ClusterSnapshot snapshot(List<String> reservationQueues) throws YarnRestException {
    ClusterInfo info = clusterInfo();
    ClusterMetrics metrics = metrics();
    List<NodeReport> nodes = nodes();
    List<AppReport> apps = activeApps();
    JsonNode sched = get("/scheduler");
    String type = parse("GET " + BASE + "/scheduler", sched, YarnReplies::schedulerType);
    QueueReport root = parse("GET " + BASE + "/scheduler", sched, YarnReplies::queues);
    List<String> queues = reservationQueues == null || reservationQueues.isEmpty()
        ? planQueues(root) : List.copyOf(reservationQueues);
    List<YarnReservation> reservations = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    for (String q : queues) {
      try {
        reservations.addAll(listReservations(q));
      } catch (YarnRestException e) {
        if (e.kind() == YarnRestException.Kind.INTERRUPTED) throw e;
        warnings.add(e.getMessage());
      }
    }
    return new ClusterSnapshot(conn.baseUrl().toString(), clock.millis(), info, metrics, nodes, type, root, apps,
        queues, reservations, warnings);
  }

  /** Names of the plan queues in a queue tree (see {@link #snapshot}), at most {@value #MAX_RESERVATION_QUEUES}. */
  public static List<String> planQueues(QueueReport root) {
    Map<String, Boolean> found = new LinkedHashMap<>();
    if (root != null) {
      root.forEach(q -> {
        for (QueueReport c : q.children()) {
          if (isDefaultReservationQueue(q, c) && found.size() < MAX_RESERVATION_QUEUES) found.put(q.name(), true);
        }
      });
    }
    return List.copyOf(found.keySet());
  }

  /**
   * A plan queue's default reservation queue is named after it with {@code -default}: {@code
   * dedicated-default}, or in Hadoop 3.4 after its full path ({@code root.dedicated-default}).
   */
  private static boolean isDefaultReservationQueue(QueueReport plan, QueueReport child) {
    String n = child.name();
    return n.equals(plan.name() + "-default") || n.equals(plan.path() + "-default")
        || n.endsWith("." + plan.name() + "-default");
  }

  // ---------------------------------------------------------------- transport

  @FunctionalInterface
  interface ReplyParser<T> {
    T parse(ReplyNode reply);
  }

  private <T> T read(String pathAndQuery, ReplyParser<T> parser) throws YarnRestException {
    JsonNode n = get(pathAndQuery);
    return parse("GET " + BASE + stripQuery(pathAndQuery), n, parser);
  }

  private static String stripQuery(String p) {
    int q = p.indexOf('?');
    return q < 0 ? p : p.substring(0, q);
  }

  private <T> T parse(String endpoint, JsonNode n, ReplyParser<T> parser) throws YarnRestException {
    try {
      return parser.parse(ReplyNode.root(n));
    } catch (ReplyNode.Malformed m) {
      throw new YarnRestException(YarnRestException.Kind.MALFORMED_REPLY, endpoint, -1,
          "unexpected reply at " + m.path + ": " + m.problem, 1, m);
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new YarnRestException(YarnRestException.Kind.MALFORMED_REPLY, endpoint, -1,
          "unusable reply: " + e.getMessage(), 1, e);
    }
  }

  private static final Set<Integer> RETRYABLE = Set.of(500, 502, 503, 504);

  /** GET with bounded retries; returns the parsed JSON body. */
  JsonNode get(String pathAndQuery) throws YarnRestException {
    String endpoint = "GET " + BASE + stripQuery(pathAndQuery);
    HttpRequest req = request(pathAndQuery).GET().build();
    int max = conn.readAttempts();
    for (int attempt = 1; ; attempt++) {
      YarnRestException failure;
      try {
        HttpResponse<String> resp = http.send(req, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        if (resp.statusCode() / 100 == 2) return json(endpoint, resp.body(), attempt);
        failure = statusError(endpoint, resp, attempt);
        if (!RETRYABLE.contains(resp.statusCode())) throw failure;
      } catch (IOException e) {
        failure = ioError(endpoint, e, attempt);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new YarnRestException(YarnRestException.Kind.INTERRUPTED, endpoint, -1, "interrupted", attempt, e);
      }
      if (attempt >= max) throw failure;
      try {
        sleeper.sleep(conn.backoffAfter(attempt));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new YarnRestException(YarnRestException.Kind.INTERRUPTED, endpoint, -1, "interrupted", attempt, e);
      }
    }
  }

  /** POST once (never retried); returns the JSON body or null when the body is empty. */
  JsonNode write(String path, ObjectNode body) throws YarnRestException {
    String endpoint = "POST " + BASE + path;
    if (!conn.allowWrite()) {
      throw new YarnRestException(YarnRestException.Kind.WRITE_NOT_ALLOWED, endpoint, -1,
          "the connection to " + conn.baseUrl() + " is read-only; nothing was sent."
              + " Maybe enable writing for this connection (--allow-write)", 0, null);
    }
    String text;
    try {
      text = body == null ? "" : Json.mapper().writer().without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT).writeValueAsString(body);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("request body cannot be written", e);
    }
    HttpRequest req = request(path)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(text, StandardCharsets.UTF_8))
        .build();
    try {
      HttpResponse<String> resp = http.send(req, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
      if (resp.statusCode() / 100 != 2) throw statusError(endpoint, resp, 1);
      String b = resp.body();
      return b == null || b.isBlank() ? null : json(endpoint, b, 1);
    } catch (IOException e) {
      throw ioError(endpoint, e, 1);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new YarnRestException(YarnRestException.Kind.INTERRUPTED, endpoint, -1, "interrupted", 1, e);
    }
  }

  private HttpRequest.Builder request(String pathAndQuery) {
    String p = BASE + pathAndQuery;
    if (conn.user() != null) p += (p.contains("?") ? "&" : "?") + "user.name=" + enc(conn.user());
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(conn.baseUrl() + p))
        .timeout(conn.requestTimeout())
        .header("Accept", "application/json");
    String auth = conn.auth().authorizationHeader();
    if (auth != null) b.header("Authorization", auth);
    return b;
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  private static JsonNode json(String endpoint, String body, int attempt) throws YarnRestException {
    if (body == null || body.isBlank()) {
      throw new YarnRestException(YarnRestException.Kind.MALFORMED_REPLY, endpoint, -1,
          "empty reply; expected JSON", attempt, null);
    }
    try {
      return Json.mapper().readTree(body);
    } catch (JsonProcessingException e) {
      JsonLocation loc = e.getLocation();
      String where = loc == null ? "" : " at line " + loc.getLineNr() + ", column " + loc.getColumnNr();
      String msg = String.valueOf(e.getOriginalMessage());
      int nl = msg.indexOf('\n');
      if (nl >= 0) msg = msg.substring(0, nl);
      String what = msg.contains("end-of-input") ? "the reply ends in the middle of the JSON (truncated?)" : "malformed JSON: " + msg;
      throw new YarnRestException(YarnRestException.Kind.MALFORMED_REPLY, endpoint, -1,
          what + where + "; reply starts with: " + excerpt(body), attempt, e);
    }
  }

  private static YarnRestException statusError(String endpoint, HttpResponse<String> resp, int attempt) {
    int s = resp.statusCode();
    String body = resp.body() == null ? "" : resp.body();
    String yarnMessage = remoteExceptionMessage(body);
    String detail = "HTTP " + s + reason(s) + (yarnMessage != null ? ": " + yarnMessage
        : body.isBlank() ? " (empty body)" : ": " + excerpt(body));
    if (s == 401 || s == 403) {
      detail += ". Maybe pass a user (--user) or credentials for the gateway; Kerberos (SPNEGO) is not supported";
    }
    return new YarnRestException(YarnRestException.Kind.HTTP_STATUS, endpoint, s, detail, attempt, null);
  }

  /** YARN's error body is {@code {"RemoteException":{"exception":..,"message":..}}}: take the message. */
  static String remoteExceptionMessage(String body) {
    try {
      JsonNode n = Json.mapper().readTree(body);
      JsonNode re = n == null ? null : n.get("RemoteException");
      if (re != null && re.hasNonNull("message")) {
        String ex = re.hasNonNull("exception") ? re.get("exception").asText() + ": " : "";
        return ex + oneLine(re.get("message").asText());
      }
    } catch (JsonProcessingException | RuntimeException e) {
      return null;
    }
    return null;
  }

  private static String reason(int s) {
    return switch (s) {
      case 400 -> " Bad Request";
      case 401 -> " Unauthorized";
      case 403 -> " Forbidden";
      case 404 -> " Not Found";
      case 500 -> " Internal Server Error";
      case 502 -> " Bad Gateway";
      case 503 -> " Service Unavailable";
      case 504 -> " Gateway Timeout";
      default -> "";
    };
  }

  private YarnRestException ioError(String endpoint, IOException e, int attempt) {
    if (e instanceof HttpConnectTimeoutException) {
      return new YarnRestException(YarnRestException.Kind.TIMEOUT, endpoint, -1,
          "no connection to " + conn.baseUrl() + " within " + human(conn.connectTimeout()), attempt, e);
    }
    if (e instanceof HttpTimeoutException) {
      return new YarnRestException(YarnRestException.Kind.TIMEOUT, endpoint, -1,
          "no answer within " + human(conn.requestTimeout()), attempt, e);
    }
    if (e instanceof ConnectException) {
      return new YarnRestException(YarnRestException.Kind.CONNECTION, endpoint, -1,
          "cannot connect to " + conn.baseUrl() + " (" + (e.getMessage() == null ? "connection refused" : e.getMessage())
              + "). Is the ResourceManager running and is the address right?", attempt, e);
    }
    if (e instanceof SSLException) {
      return new YarnRestException(YarnRestException.Kind.CONNECTION, endpoint, -1,
          "TLS failure: " + e.getMessage() + ". Maybe give the cluster's CA in a trust store", attempt, e);
    }
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return new YarnRestException(YarnRestException.Kind.CONNECTION, endpoint, -1,
        "the connection broke before the reply was complete (" + m + ")", attempt, e);
  }

  static String human(Duration d) {
    long ms = d.toMillis();
    return ms % 1000 == 0 ? (ms / 1000) + " s" : ms + " ms";
  }

  static String excerpt(String body) {
    String s = oneLine(body);
    return s.length() <= EXCERPT ? s : s.substring(0, EXCERPT) + "…";
  }

  private static String oneLine(String s) {
    return s.replaceAll("\\s+", " ").trim();
  }
}
