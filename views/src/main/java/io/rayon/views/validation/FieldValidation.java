package io.rayon.views.validation;

import java.util.Optional;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.css.PseudoClass;
import javafx.scene.control.Control;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.Tooltip;
import org.controlsfx.validation.ValidationMessage;
import org.controlsfx.validation.ValidationResult;
import org.controlsfx.validation.ValidationSupport;
import org.controlsfx.validation.Validator;
import org.controlsfx.validation.decoration.ValidationDecoration;

/**
 * ControlsFX's {@link ValidationSupport} for text fields, checked as the person types. A field with
 * an error gets the {@code :invalid} pseudo-class (the theme draws it) and the error as its
 * tooltip. The decoration is ours because ControlsFX's own decorations wrap the scene's root in a
 * pane of theirs; this one changes only the field.
 */
public final class FieldValidation {
  /** The pseudo-class of a field whose text is refused. */
  public static final PseudoClass INVALID = PseudoClass.getPseudoClass("invalid");

  private final ValidationSupport support = new ValidationSupport();

  public FieldValidation() {
    support.setValidationDecorator(new MarkDecoration());
  }

  /**
   * Checks {@code field} with {@code problem}, which returns what is wrong with a text (a sentence
   * naming the field) or null when the text is fine.
   */
  public void check(TextInputControl field, Function<String, String> problem) {
    Validator<String> v =
        (c, text) -> {
          String p = problem.apply(text == null ? "" : text);
          return ValidationResult.fromErrorIf(c, p == null ? "" : p, p != null);
        };
    support.registerValidator(field, false, v);
  }

  /** The error shown on {@code c}, if any. */
  public Optional<String> problem(Control c) {
    return support.getHighestMessage(c).map(ValidationMessage::getText);
  }

  /** True while any checked field has an error. */
  public ReadOnlyBooleanProperty invalidProperty() {
    return support.invalidProperty();
  }

  /** The ControlsFX support behind the checks. */
  public ValidationSupport support() {
    return support;
  }

  /**
   * Marks the control itself: the pseudo-class and the message as tooltip (the previous tooltip
   * comes back).
   */
  static final class MarkDecoration implements ValidationDecoration {
    private static final String OURS = "rayon.validation.tooltip";
    private static final String BEFORE = "rayon.validation.tooltip.before";

    @Override
    public void removeDecorations(Control c) {
      c.pseudoClassStateChanged(INVALID, false);
      Object ours = c.getProperties().get(OURS);
      if (ours != null && c.getTooltip() == ours)
        c.setTooltip((Tooltip) c.getProperties().remove(BEFORE));
      c.getProperties().remove(OURS);
    }

    @Override
    public void applyValidationDecoration(ValidationMessage m) {
      Control c = m.getTarget();
      c.pseudoClassStateChanged(INVALID, true);
      Tooltip tip = (Tooltip) c.getProperties().get(OURS);
      if (tip == null) {
        tip = new Tooltip();
        tip.getStyleClass().add("validation-tooltip");
        if (c.getTooltip() != null) c.getProperties().put(BEFORE, c.getTooltip());
        c.getProperties().put(OURS, tip);
      }
      tip.setText(m.getText());
      c.setTooltip(tip);
    }

    @Override
    public void applyRequiredDecoration(Control c) {
      // required fields are not marked before they are filled
    }
  }
}
