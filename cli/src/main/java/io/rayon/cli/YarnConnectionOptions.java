package io.rayon.cli;

import io.rayon.model.time.Durations;
import io.rayon.yarn.YarnAuth;
import io.rayon.yarn.YarnConnection;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * Connection options shared by {@code rayon live} and {@code rayon yarn submit}. Secrets are read
 * from environment variables only, never from the command line (which other users can see) nor from
 * files: {@code RAYON_YARN_PASSWORD} for basic authentication, {@code RAYON_YARN_TOKEN} for a bearer
 * token, {@code RAYON_TRUSTSTORE_PASSWORD} for the trust store.
 */
public final class YarnConnectionOptions {
  @Option(names = "--user", description = "User name sent as user.name (non-secure YARN needs one for writes).")
  String user;

  @Option(names = "--timeout", defaultValue = "15s", description = "Request timeout, e.g. 15s (default ${DEFAULT-VALUE}).")
  String timeout;

  @Option(names = "--retries", defaultValue = "3", description = "Attempts per read (writes are sent once; default ${DEFAULT-VALUE}).")
  int retries;

  @Option(names = "--truststore", description = "PKCS12 or JKS trust store for HTTPS (password in RAYON_TRUSTSTORE_PASSWORD).")
  Path trustStore;

  @Option(names = "--basic-user", description = "Gateway user for HTTP basic authentication (password in RAYON_YARN_PASSWORD).")
  String basicUser;

  @Option(names = "--bearer", description = "Send the bearer token from RAYON_YARN_TOKEN.")
  boolean bearer;

  YarnConnection connection(String url, boolean allowWrite, Map<String, String> env) {
    YarnConnection c;
    try {
      c = YarnConnection.of(url);
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException(e.getMessage(), e);
    }
    Duration t;
    try {
      t = Durations.parsePositive(timeout);
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException("--timeout: " + e.getMessage(), e);
    }
    if (retries < 1 || retries > 10) throw new CliSupport.BadInputException("--retries must be between 1 and 10, was " + retries);
    c = c.withUser(user).withTimeouts(Duration.ofMillis(Math.min(t.toMillis(), 10_000)), t)
        .withRetries(retries, Duration.ofMillis(250), Duration.ofSeconds(4)).withAllowWrite(allowWrite);
    if (basicUser != null && bearer) throw new CliSupport.BadInputException("choose one of --basic-user and --bearer");
    if (basicUser != null) {
      String pw = env.get("RAYON_YARN_PASSWORD");
      if (pw == null) throw new CliSupport.BadInputException("--basic-user needs the password in the environment variable RAYON_YARN_PASSWORD");
      c = c.withAuth(YarnAuth.basic(basicUser, pw.toCharArray()));
    }
    if (bearer) {
      String tok = env.get("RAYON_YARN_TOKEN");
      if (tok == null) throw new CliSupport.BadInputException("--bearer needs the token in the environment variable RAYON_YARN_TOKEN");
      c = c.withAuth(YarnAuth.bearer(tok.toCharArray()));
    }
    if (trustStore != null) {
      String pw = env.get("RAYON_TRUSTSTORE_PASSWORD");
      c = c.withTrustStore(trustStore, pw == null ? null : pw.toCharArray());
    }
    return c;
  }
}
