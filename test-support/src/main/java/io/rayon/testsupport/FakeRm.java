package io.rayon.testsupport;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A fake ResourceManager on the loopback interface: answers {@code /ws/v1/cluster/...} paths with
 * scripted behaviours (a reply, a status, a slow answer, a truncated body, and hostile ones: a
 * redirect, a wrong content type, a body dripping a byte at a time, an endless body) and records
 * every request. By default it serves the real Hadoop 3.4.1 replies in {@code yarn-3.4.1/}.
 */
public final class FakeRm implements AutoCloseable {

  /** One recorded request. */
  public record Request(
      String method, String path, String query, Map<String, List<String>> headers, String body) {}

  /** What to do with the n-th request (n from 1) to a path. */
  @FunctionalInterface
  public interface Behaviour {
    void answer(HttpExchange ex, int n) throws IOException;
  }

  private final HttpServer server;
  private final ExecutorService pool =
      Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(r, "fake-rm");
            t.setDaemon(true);
            return t;
          });
  private final Map<String, Behaviour> routes = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
  public final List<Request> requests = new CopyOnWriteArrayList<>();

  /** Released when the test ends, so slow handlers never outlive it. */
  public final CountDownLatch release = new CountDownLatch(1);

  public FakeRm() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
    server.setExecutor(pool);
    server.createContext("/", this::handle);
    for (String p : List.of("info", "metrics", "nodes", "apps", "scheduler")) {
      route("/ws/v1/cluster/" + p, json(golden(p + ".json")));
    }
    route("/ws/v1/cluster/reservation/list", json(golden("reservation-list-one.json")));
    server.start();
  }

  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  public FakeRm route(String path, Behaviour b) {
    routes.put(path, b);
    return this;
  }

  public int count(String path) {
    AtomicInteger c = counts.get(path);
    return c == null ? 0 : c.get();
  }

  public List<Request> requestsTo(String path) {
    return requests.stream().filter(r -> r.path().equals(path)).toList();
  }

  private void handle(HttpExchange ex) throws IOException {
    String path = ex.getRequestURI().getPath();
    String body;
    try (InputStream in = ex.getRequestBody()) {
      body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    requests.add(
        new Request(
            ex.getRequestMethod(),
            path,
            ex.getRequestURI().getRawQuery(),
            Map.copyOf(ex.getRequestHeaders()),
            body));
    int n = counts.computeIfAbsent(path, k -> new AtomicInteger()).incrementAndGet();
    Behaviour b = routes.get(path);
    try {
      if (b == null)
        send(
            ex,
            404,
            "{\"RemoteException\":{\"exception\":\"NotFoundException\",\"message\":\"no "
                + path
                + "\"}}");
      else b.answer(ex, n);
    } finally {
      ex.close();
    }
  }

  public static String golden(String name) {
    try (InputStream in = FakeRm.class.getResourceAsStream("/yarn-3.4.1/" + name)) {
      if (in == null) throw new IllegalStateException("missing test resource yarn-3.4.1/" + name);
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  public static Behaviour json(String body) {
    return (ex, n) -> send(ex, 200, body);
  }

  public static Behaviour status(int code, String body) {
    return (ex, n) -> send(ex, code, body);
  }

  /** Fails with {@code code} for the first {@code failures} requests, then answers {@code then}. */
  public static Behaviour failFirst(int failures, int code, Behaviour then) {
    return (ex, n) -> {
      if (n <= failures) send(ex, code, "busy");
      else then.answer(ex, n);
    };
  }

  /**
   * Answers only when the test ends (or after 10 s): longer than any client timeout in the tests.
   */
  public Behaviour hang() {
    return (ex, n) -> {
      try {
        release.await(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      send(ex, 200, "{}");
    };
  }

  /** Promises {@code declared} bytes but sends only the first half of {@code body} and closes. */
  public static Behaviour cutOff(String body) {
    return (ex, n) -> {
      byte[] b = body.getBytes(StandardCharsets.UTF_8);
      ex.getResponseHeaders().set("Content-Type", "application/json");
      ex.sendResponseHeaders(200, b.length);
      OutputStream out = ex.getResponseBody();
      out.write(b, 0, b.length / 2);
      out.flush();
      // failing here closes the connection with the promised length unmet: the client sees a broken
      // reply
      throw new IOException("cut off on purpose");
    };
  }

  /** Answers {@code code} (a 3xx) with a Location header and no body. */
  public static Behaviour redirect(int code, String location) {
    return (ex, n) -> {
      ex.getResponseHeaders().set("Location", location);
      ex.sendResponseHeaders(code, -1);
    };
  }

  /**
   * Answers {@code code} with {@code body} declared as {@code contentType} (null: no Content-Type
   * header).
   */
  public static Behaviour typed(int code, String contentType, String body) {
    return (ex, n) -> {
      byte[] b = body.getBytes(StandardCharsets.UTF_8);
      if (contentType != null) ex.getResponseHeaders().set("Content-Type", contentType);
      ex.sendResponseHeaders(code, b.length == 0 ? -1 : b.length);
      if (b.length > 0) {
        try (OutputStream out = ex.getResponseBody()) {
          out.write(b);
        }
      }
    };
  }

  /**
   * A reply body that keeps coming: it records how many bytes were written and counts {@link
   * #clientGone} down when a write fails, that is when the client closed the connection.
   */
  public static final class Flood implements Behaviour {
    public final AtomicLong written = new AtomicLong();
    public final CountDownLatch clientGone = new CountDownLatch(1);
    private final Behaviour body;

    private Flood(FloodBody body) {
      this.body =
          (ex, n) -> {
            try {
              body.write(ex, written);
            } catch (IOException e) {
              clientGone.countDown();
              throw e;
            }
          };
    }

    @Override
    public void answer(HttpExchange ex, int n) throws IOException {
      body.answer(ex, n);
    }
  }

  @FunctionalInterface
  private interface FloodBody {
    void write(HttpExchange ex, AtomicLong written) throws IOException;
  }

  /**
   * Sends the status and headers at once, then {@code body} one byte every {@code every} (chunked),
   * until the body is sent, the client hangs up, or the test ends.
   */
  public Flood drip(String body, Duration every) {
    return new Flood(
        (ex, written) -> {
          ex.getResponseHeaders().set("Content-Type", "application/json");
          ex.sendResponseHeaders(200, 0);
          OutputStream out = ex.getResponseBody();
          byte[] b = body.getBytes(StandardCharsets.UTF_8);
          for (byte x : b) {
            out.write(x);
            out.flush();
            written.incrementAndGet();
            try {
              if (release.await(every.toMillis(), TimeUnit.MILLISECONDS)) return;
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
              return;
            }
          }
          out.close();
        });
  }

  /**
   * A JSON reply of {@code bytes} bytes generated as it is sent ({@code
   * {"nodes":{"node":[{"id":"node-…"},...]}}}), chunked, or with its Content-Length announced when
   * {@code declareLength}. Stops when the client hangs up or the test ends.
   */
  public Flood huge(long bytes, boolean declareLength) {
    return new Flood(
        (ex, written) -> {
          ex.getResponseHeaders().set("Content-Type", "application/json");
          ex.sendResponseHeaders(200, declareLength ? bytes : 0);
          OutputStream out = ex.getResponseBody();
          String node = "{\"id\":\"node-00000.rack-00.cluster.example.com:8041\"}";
          byte[] head = ("{\"nodes\":{\"node\":[" + node).getBytes(StandardCharsets.UTF_8);
          byte[] item = ("," + node).getBytes(StandardCharsets.UTF_8);
          byte[] chunk = new byte[64 * 1024];
          for (int i = 0; i < chunk.length; i++) chunk[i] = item[i % item.length];
          out.write(head);
          long sent = head.length;
          written.addAndGet(head.length);
          // whole items, then the closing brackets, so that the body is valid JSON of exactly the
          // size asked
          int whole = chunk.length - chunk.length % item.length;
          while (sent + whole + 3 <= bytes) {
            if (release.getCount() == 0) return;
            out.write(chunk, 0, whole);
            sent += whole;
            written.addAndGet(whole);
          }
          while (sent + item.length + 3 <= bytes) {
            out.write(item);
            sent += item.length;
          }
          byte[] pad = new byte[(int) (bytes - sent - 3)];
          Arrays.fill(pad, (byte) ' ');
          out.write(pad);
          out.write("]}}".getBytes(StandardCharsets.UTF_8));
          written.set(bytes);
          out.close();
        });
  }

  public static void send(HttpExchange ex, int code, String body) throws IOException {
    byte[] b = body.getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().set("Content-Type", "application/json");
    ex.sendResponseHeaders(code, b.length == 0 ? -1 : b.length);
    if (b.length > 0) {
      try (OutputStream out = ex.getResponseBody()) {
        out.write(b);
      }
    }
  }

  @Override
  public void close() {
    release.countDown();
    server.stop(0);
    pool.shutdownNow();
  }
}
