import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RegistrationFieldsGroup } from './registration-fields-group';
import { box, descriptionOf, renderGroup } from './settings-test-kit';

const company = {
  key: 'empresa',
  label: 'Empresa',
  type: 'text',
  required: false,
  options: [],
};
const size = {
  key: 'talla',
  label: 'Talla de camiseta',
  type: 'option',
  required: true,
  options: [
    { key: 's', value: 'S' },
    { key: 'm', value: 'M' },
  ],
  default: 'm',
};

function type(control: HTMLElement, value: string) {
  fireEvent.change(control, { target: { value } });
}

function preview() {
  return within(screen.getByRole('group', { name: /Vista previa/ }));
}

describe('registration fields group', () => {
  it('adds a question whose key follows its text, and the buyer preview shows it', () => {
    const group = renderGroup(RegistrationFieldsGroup, {});
    expect(screen.getByText('Este evento no hace preguntas adicionales.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Añadir pregunta' }));
    const label = box('Pregunta 1').getByLabelText('Pregunta que ve el comprador');
    expect(document.activeElement).toBe(label);

    type(label, '¿Empresa u organización?');
    expect(group.lastPatch()).toEqual({
      custom_fields: {
        fields: [
          {
            key: 'empresa_u_organizacion',
            label: '¿Empresa u organización?',
            type: 'text',
            required: false,
            options: [],
          },
        ],
      },
    });
    expect(preview().getByLabelText('¿Empresa u organización? (opcional)')).toBeTruthy();

    fireEvent.click(box('Pregunta 1').getByLabelText('Respuesta obligatoria'));
    expect(group.settings()).toMatchObject({ custom_fields: { fields: [{ required: true }] } });
    expect(preview().getByLabelText('¿Empresa u organización?')).toBeTruthy();
  });

  it('keeps the key of a question the show already had when its text changes', () => {
    const group = renderGroup(RegistrationFieldsGroup, { custom_fields: { fields: [company] } });
    type(box('Pregunta 1').getByLabelText('Pregunta que ve el comprador'), 'Empresa o institución');
    expect(group.lastPatch()).toEqual({
      custom_fields: { fields: [{ ...company, label: 'Empresa o institución' }] },
    });
  });

  it('edits a choice: options with their keys, the initial option, and the preview list', () => {
    const group = renderGroup(RegistrationFieldsGroup, { custom_fields: { fields: [company] } });
    const question = box('Pregunta 1');
    fireEvent.change(question.getByLabelText('Tipo de respuesta'), {
      target: { value: 'option' },
    });
    const options = within(question.getByRole('group', { name: 'Opciones' }));
    expect(options.getByText(/Añade al menos una opción/)).toBeTruthy();

    fireEvent.click(options.getByRole('button', { name: 'Añadir opción' }));
    type(box('Opción 1').getByLabelText('Texto de la opción'), 'Sí, con factura');
    fireEvent.change(question.getByLabelText('Opción elegida al inicio'), {
      target: { value: 'si_con_factura' },
    });
    expect(group.lastPatch()).toEqual({
      custom_fields: {
        fields: [
          {
            ...company,
            type: 'option',
            options: [{ key: 'si_con_factura', value: 'Sí, con factura' }],
            default: 'si_con_factura',
          },
        ],
      },
    });
    expect(screen.queryByText(/Añade al menos una opción/)).toBeNull();

    // Renaming the chosen option keeps it chosen under its new key.
    type(box('Opción 1').getByLabelText('Texto de la opción'), 'Sí');
    expect(group.settings()).toMatchObject({
      custom_fields: { fields: [{ options: [{ key: 'si', value: 'Sí' }], default: 'si' }] },
    });
    const select = preview().getByLabelText('Empresa (opcional)') as HTMLSelectElement;
    // The preview is not a form: its box switches its inputs off.
    expect((select.closest('fieldset') as HTMLFieldSetElement).disabled).toBe(true);
    expect([...select.options].map((option) => option.text)).toContain('Sí');
  });

  it('moves a question down with the keyboard focus following it', () => {
    const group = renderGroup(RegistrationFieldsGroup, {
      custom_fields: { fields: [company, size] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Bajar «Empresa»' }));
    expect(group.lastPatch()).toEqual({ custom_fields: { fields: [size, company] } });
    expect(box('Pregunta 1').getByDisplayValue('Talla de camiseta')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Subir «Empresa»' }));
    expect(screen.getByText('«Empresa» ahora está en la posición 2 de 2.').role).toBe('status');
    const move = screen.getByRole('button', { name: 'Bajar «Empresa»' }) as HTMLButtonElement;
    expect(move.disabled).toBe(true);
  });

  it('asks before removing a question, and removing the last one removes the setting', () => {
    const group = renderGroup(RegistrationFieldsGroup, { custom_fields: { fields: [company] } });
    fireEvent.click(screen.getByRole('button', { name: 'Quitar «Empresa»' }));
    expect(group.patches).toEqual([]);
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText(/Se quitará «Empresa»/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Quitar' }));
    expect(group.lastPatch()).toEqual({ custom_fields: null });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Añadir pregunta' }));
  });

  it("shows the server's messages by the input they name, and the others above", () => {
    renderGroup(
      RegistrationFieldsGroup,
      { custom_fields: { fields: [company, size] } },
      {
        errors: {
          'settings.custom_fields.fields.1.label': 'Escribe la pregunta',
          'settings.custom_fields.fields.1.options.0.value': 'Texto muy largo',
          'settings.custom_fields': 'Formato de preguntas inválido',
          'settings.playlist.0.title': 'De otro grupo',
        },
      },
    );
    const second = box('Pregunta 2');
    expect(descriptionOf(second.getByLabelText('Pregunta que ve el comprador'))).toContain(
      'Escribe la pregunta',
    );
    expect(
      descriptionOf(box('Pregunta 1').getByLabelText('Pregunta que ve el comprador')),
    ).not.toContain('Escribe la pregunta');
    const firstOption = within(second.getByRole('group', { name: 'Opción 1' }));
    expect(descriptionOf(firstOption.getByLabelText('Texto de la opción'))).toBe('Texto muy largo');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Formato de preguntas inválido');
    expect(alert.textContent).not.toContain('De otro grupo');
  });

  it('warns when two questions share a key', () => {
    renderGroup(RegistrationFieldsGroup, {
      custom_fields: { fields: [company, { ...size, key: 'empresa' }] },
    });
    expect(descriptionOf(box('Pregunta 2').getByLabelText('Clave interna'))).toContain(
      'Otra pregunta ya usa esta clave.',
    );
    expect(descriptionOf(box('Pregunta 1').getByLabelText('Clave interna'))).not.toContain(
      'Otra pregunta',
    );
  });

  it('turns every input off while disabled', () => {
    renderGroup(
      RegistrationFieldsGroup,
      { custom_fields: { fields: [company] } },
      { disabled: true },
    );
    // A disabled fieldset switches off every control inside it (HTML), the dialog's too.
    const add = screen.getByRole('button', { name: 'Añadir pregunta' });
    const outer = add.closest('fieldset.settings-group') as HTMLFieldSetElement;
    expect(outer.disabled).toBe(true);
    expect(outer.contains(screen.getByLabelText('Pregunta que ve el comprador'))).toBe(true);
  });
});
