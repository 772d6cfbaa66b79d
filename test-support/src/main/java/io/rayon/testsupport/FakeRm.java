package io.rayon.testsupport;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fake ResourceManager on the loopback interface: answers {@code /ws/v1/cluster/...} paths with
 * scripted behaviours (a reply, a status, a slow answer, a truncated body) and records every
 * request. By default it serves the real Hadoop 3.4.1 replies in {@code yarn-3.4.1/}.
 */
public final class FakeRm implements AutoCloseable {

  /** One recorded request. */
  public record Request(String method, String path, String query, Map<String, List<String>> headers, String body) {}

  /** What to do with the n-th request (n from 1) to a path. */
  @FunctionalInterface
  public interface Behaviour {
    void answer(HttpExchange ex, int n) throws IOException;
  }

  private final HttpServer server;
  private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
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
    requests.add(new Request(ex.getRequestMethod(), path, ex.getRequestURI().getRawQuery(), Map.copyOf(ex.getRequestHeaders()), body));
    int n = counts.computeIfAbsent(path, k -> new AtomicInteger()).incrementAndGet();
    Behaviour b = routes.get(path);
    try {
      if (b == null) send(ex, 404, "{\"RemoteException\":{\"exception\":\"NotFoundException\",\"message\":\"no " + path + "\"}}");
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

  /** Answers only when the test ends (or after 10 s): longer than any client timeout in the tests. */
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
      // failing here closes the connection with the promised length unmet: the client sees a broken reply
      throw new IOException("cut off on purpose");
    };
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
