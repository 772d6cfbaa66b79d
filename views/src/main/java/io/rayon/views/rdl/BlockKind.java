package io.rayon.views.rdl;

/** The five kinds of RDL blocks in the builder's palette, in palette order. */
public enum BlockKind {
  ATOM("atom"),
  ANY("any"),
  ALL("all"),
  ORDER("order"),
  WINDOW("window");

  private final String keyword;

  BlockKind(String keyword) {
    this.keyword = keyword;
  }

  /** The RDL keyword, also used in style classes ({@code rdl-block-order}) and node ids. */
  public String keyword() {
    return keyword;
  }

  /** True for any, all and order: operators with a list of children. */
  public boolean isList() {
    return this == ANY || this == ALL || this == ORDER;
  }
}
