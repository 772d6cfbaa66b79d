package io.rayon.yarn;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.async.ByteBufferFeeder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rayon.model.io.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Reads one reply body without trusting the server: at most {@code maxBytes} bytes are accepted (a
 * declared {@code Content-Length} above it is refused before reading), JSON is parsed as the bytes
 * arrive (Jackson's non-blocking parser, so no copy of the whole text is kept), and the exchange
 * can be aborted from another thread at any time ({@link Handler#abort}), which cancels the body
 * subscription: {@code java.net.http} then closes the connection and stops reading.
 *
 * <p>Which body is read how: a 2xx reply whose {@code Content-Type} is JSON ({@code
 * application/json}, {@code *}{@code /*+json}) or missing is parsed; any other reply keeps only its
 * first {@value #TEXT_CAP} bytes as text (for the error message) and the rest is not read.
 *
 * <p>The tree is bounded too: a body of tiny values ({@code [{},{},...]}) costs about 35 times its
 * size as {@link JsonNode}s, real ResourceManager replies 3 to 7 times (reservation allocations,
 * small objects of two or three numbers, are the densest). The estimated size of the tree may reach
 * {@value #TREE_FACTOR} times the body limit (1 GB for the default 64 MiB, within the launcher's 2
 * GB heap); beyond it the reply is refused like a body above the limit, so a reply within the limit
 * cannot exhaust the heap either.
 */
final class ReplyBody implements HttpResponse.BodySubscriber<ReplyBody.Result> {

  /** How much of a non-JSON reply (an error page, a redirect) is kept for the message. */
  static final int TEXT_CAP = 64 * 1024;

  /** The estimated tree may take this many times the body limit in memory. */
  static final int TREE_FACTOR = 16;

  /** How much of a JSON reply is kept to quote in an error message. */
  private static final int PREFIX_CAP = 512;

  /**
   * The body: parsed JSON (null when the body was empty or not parsed) and its first bytes as text.
   */
  record Result(JsonNode json, String text, long bytes, boolean complete, String contentType) {}

  /**
   * The body is larger than allowed; {@code declared} when the server announced it in
   * Content-Length.
   */
  static final class TooLarge extends IOException {
    private static final long serialVersionUID = 1L;
    final long seen;
    final boolean declared;

    /**
     * True when the bytes were within the limit but the values they hold would take too much
     * memory.
     */
    final boolean tree;

    TooLarge(long seen, boolean declared, boolean tree) {
      super("reply body too large");
      this.seen = seen;
      this.declared = declared;
      this.tree = tree;
    }
  }

  /** The body is not the JSON it claims to be; the message is safe to show. */
  static final class BadJson extends IOException {
    private static final long serialVersionUID = 1L;
    final boolean truncated;
    final String prefix;

    BadJson(String message, boolean truncated, String prefix) {
      super(message);
      this.truncated = truncated;
      this.prefix = prefix;
    }
  }

  /** Creates one subscriber per response and remembers it, so that the caller can abort it. */
  static final class Handler implements HttpResponse.BodyHandler<Result> {
    private final long maxBytes;
    private final AtomicReference<ReplyBody> current = new AtomicReference<>();
    private volatile boolean aborted;
    private volatile boolean headersSeen;

    Handler(long maxBytes) {
      this.maxBytes = maxBytes;
    }

    @Override
    public HttpResponse.BodySubscriber<Result> apply(HttpResponse.ResponseInfo info) {
      headersSeen = true;
      String type = info.headers().firstValue("Content-Type").orElse(null);
      long declared = info.headers().firstValueAsLong("Content-Length").orElse(-1);
      boolean json = info.statusCode() / 100 == 2 && isJson(type);
      ReplyBody b =
          new ReplyBody(json, json ? maxBytes : Math.min(TEXT_CAP, maxBytes), declared, type);
      current.set(b);
      if (aborted) b.abort();
      return b;
    }

    /** True once the status line and headers arrived (the body may still be coming). */
    boolean headersSeen() {
      return headersSeen;
    }

    /** Bytes of the body received so far. */
    long bytesSoFar() {
      ReplyBody b = current.get();
      return b == null ? 0 : b.bytes;
    }

    /** Stops reading: cancels the body subscription (the connection is closed). Any thread. */
    void abort() {
      aborted = true;
      ReplyBody b = current.get();
      if (b != null) b.abort();
    }
  }

  /** A missing content type is accepted (some proxies drop it); anything else must say JSON. */
  static boolean isJson(String contentType) {
    if (contentType == null || contentType.isBlank()) return true;
    String media = contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
    return media.equals("application/json") || media.endsWith("+json") || media.equals("text/json");
  }

  private final boolean parse;
  private final long cap;
  private final long declared;
  private final String contentType;
  private final CompletableFuture<Result> result = new CompletableFuture<>();
  private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
  private final JsonParser parser;
  private final ByteBufferFeeder feeder;
  private final Deque<ContainerNode<?>> open = new ArrayDeque<>();
  private final JsonNodeFactory nodes = JsonNodeFactory.instance;
  private volatile Flow.Subscription subscription;
  private volatile boolean cancelled;
  private volatile long bytes;
  private long treeCost;
  private String field;
  private JsonNode root;
  private boolean rootDone;

  private ReplyBody(boolean parse, long cap, long declared, String contentType) {
    this.parse = parse;
    this.cap = cap;
    this.declared = declared;
    this.contentType = contentType;
    if (parse) {
      try {
        parser = Json.mapper().getFactory().createNonBlockingByteBufferParser();
      } catch (IOException e) {
        throw new IllegalStateException("cannot create a JSON parser", e);
      }
      feeder = (ByteBufferFeeder) parser.getNonBlockingInputFeeder();
    } else {
      parser = null;
      feeder = null;
    }
  }

  @Override
  public CompletionStage<Result> getBody() {
    return result;
  }

  @Override
  public void onSubscribe(Flow.Subscription s) {
    subscription = s;
    if (cancelled) {
      s.cancel();
      return;
    }
    if (parse && declared > cap) {
      fail(new TooLarge(declared, true, false));
      return;
    }
    s.request(1);
  }

  @Override
  public void onNext(List<ByteBuffer> items) {
    if (result.isDone()) return;
    try {
      for (ByteBuffer b : items) {
        int n = b.remaining();
        long total = bytes + n;
        if (total > cap) {
          if (parse) throw new TooLarge(total, false, false);
          keep(b, (int) (cap - bytes));
          bytes = cap;
          finish(false);
          return;
        }
        bytes = total;
        if (parse) {
          keep(b.duplicate(), Math.min(n, PREFIX_CAP - kept.size()));
          feeder.feedInput(b);
          drain();
        } else {
          keep(b, n);
        }
      }
    } catch (IOException e) {
      fail(e);
      return;
    } catch (RuntimeException e) {
      fail(new BadJson("unusable JSON: " + e.getMessage(), false, prefix()));
      return;
    }
    Flow.Subscription s = subscription;
    if (s != null) s.request(1);
  }

  @Override
  public void onError(Throwable t) {
    if (!result.isDone()) result.completeExceptionally(t);
  }

  @Override
  public void onComplete() {
    if (result.isDone()) return;
    if (parse) {
      try {
        feeder.endOfInput();
        drain();
        if (root != null && !rootDone) throw truncated();
      } catch (IOException e) {
        fail(e);
        return;
      } catch (RuntimeException e) {
        fail(new BadJson("unusable JSON: " + e.getMessage(), false, prefix()));
        return;
      }
    }
    result.complete(new Result(parse ? root : null, prefix(), bytes, true, contentType));
  }

  void abort() {
    cancelled = true;
    Flow.Subscription s = subscription;
    if (s != null) s.cancel();
  }

  /** Stops reading and completes with what was kept. */
  private void finish(boolean complete) {
    abort();
    result.complete(new Result(null, prefix(), bytes, complete, contentType));
  }

  private void fail(IOException e) {
    abort();
    result.completeExceptionally(e);
  }

  private void keep(ByteBuffer b, int n) {
    if (n <= 0) return;
    byte[] a = new byte[n];
    b.get(a);
    kept.write(a, 0, n);
  }

  private String prefix() {
    return kept.toString(StandardCharsets.UTF_8);
  }

  private BadJson truncated() {
    return new BadJson(
        "the reply ends in the middle of the JSON (truncated?) after " + bytes + " bytes",
        true,
        prefix());
  }

  /** Turns every complete token into tree nodes. */
  private void drain() throws IOException {
    JsonToken t;
    try {
      while ((t = parser.nextToken()) != null && t != JsonToken.NOT_AVAILABLE) token(t);
    } catch (JsonProcessingException e) {
      String msg = String.valueOf(e.getOriginalMessage());
      int nl = msg.indexOf('\n');
      if (nl >= 0) msg = msg.substring(0, nl);
      var loc = e.getLocation();
      String where =
          loc == null ? "" : " at line " + loc.getLineNr() + ", column " + loc.getColumnNr();
      if (msg.contains("end-of-input")) {
        throw new BadJson(
            "the reply ends in the middle of the JSON (truncated?)" + where, true, prefix());
      }
      throw new BadJson("malformed JSON: " + msg + where, false, prefix());
    }
  }

  private void token(JsonToken t) throws IOException {
    switch (t) {
      case START_OBJECT -> open(nodes.objectNode());
      case START_ARRAY -> open(nodes.arrayNode());
      case END_OBJECT, END_ARRAY -> {
        open.pop();
        if (open.isEmpty()) rootDone = true;
      }
      case FIELD_NAME -> field = parser.currentName();
      case VALUE_STRING -> value(nodes.textNode(parser.getText()));
      case VALUE_NUMBER_INT ->
          value(
              switch (parser.getNumberType()) {
                case INT -> nodes.numberNode(parser.getIntValue());
                case LONG -> nodes.numberNode(parser.getLongValue());
                default -> nodes.numberNode(parser.getBigIntegerValue());
              });
      case VALUE_NUMBER_FLOAT -> value(nodes.numberNode(parser.getDoubleValue()));
      case VALUE_TRUE -> value(nodes.booleanNode(true));
      case VALUE_FALSE -> value(nodes.booleanNode(false));
      case VALUE_NULL -> value(nodes.nullNode());
      default -> throw new BadJson("unexpected JSON token " + t, false, prefix());
    }
  }

  private void open(ContainerNode<?> c) throws IOException {
    value(c);
    open.push(c);
  }

  private void value(JsonNode n) throws IOException {
    // rough heap cost: a container with its map or list, a text with its characters, a boxed
    // number,
    // plus the slot in the parent
    treeCost += n.isContainerNode() ? 96 : n.isTextual() ? 48 + n.textValue().length() : 24;
    treeCost += 48;
    if (treeCost > cap * TREE_FACTOR) throw new TooLarge(bytes, false, true);
    ContainerNode<?> parent = open.peek();
    if (parent == null) {
      if (root != null) {
        throw new BadJson(
            "malformed JSON: more data after the end of the JSON value (at byte " + bytes + ")",
            false,
            prefix());
      }
      root = n;
      if (!n.isContainerNode()) rootDone = true;
    } else if (parent instanceof ObjectNode o) {
      o.set(field, n);
    } else {
      ((ArrayNode) parent).add(n);
    }
  }
}
