package io.rayon.model.rdl;

/**
 * A syntax error in RDL text. {@link #getMessage()} reads {@code source:line:column: problem}, the
 * form compilers use, so editors and terminals can jump to the place.
 */
public final class RdlParseException extends Exception {
  private static final long serialVersionUID = 1L;
  private final String source;
  private final int line;
  private final int column;
  private final int offset;
  private final String problem;

  public RdlParseException(String source, int line, int column, int offset, String problem) {
    super(source + ":" + line + ":" + column + ": " + problem);
    this.source = source;
    this.line = line;
    this.column = column;
    this.offset = offset;
    this.problem = problem;
  }

  public String source() {
    return source;
  }

  public int line() {
    return line;
  }

  public int column() {
    return column;
  }

  /** Character offset of the error in the text (0-based). */
  public int offset() {
    return offset;
  }

  /** The problem without the location prefix. */
  public String problem() {
    return problem;
  }
}
