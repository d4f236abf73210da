import {
  NumberInput,
  number,
  PasswordInput,
  required,
  SelectArrayInput,
  SelectInput,
  TextInput,
  type Validator,
} from 'react-admin';
import { type FieldDefinition, type FormInputType, inputTypeOf } from '../fields';
import { CascaderInput } from './CascaderInput';
import { DateKindInput } from './DateKindInput';
import { ImageUploadInput } from './ImageUploadInput';
import { RangeInput } from './RangeInput';
import { RichTextInput } from './RichTextInput';

/** SPEC §9 search drawer: text searches are 4-row textareas of at most 255 characters. */
export const SEARCH_TEXT_ROWS = 4;
export const SEARCH_TEXT_MAX = 255;

const integer: Validator = (value) =>
  value === null || value === undefined || value === '' || Number.isInteger(Number(value))
    ? undefined
    : 'app.list.integer_required';

export type InputPurpose = 'form' | 'inlineSearch' | 'drawerSearch';

interface FieldInputProps {
  field: FieldDefinition<never>;
  purpose: InputPurpose;
  /** FilterForm reads these from its children. */
  source?: string;
  alwaysOn?: boolean;
}

/** The input of one field, for the form dialog or the search (SPEC §3 form input types). */
export const FieldInput = ({ field, purpose }: FieldInputProps) => {
  const type: FormInputType = inputTypeOf(field, purpose === 'form' ? 'form' : 'search');
  const source = field.field;
  const label = field.name;
  const validate = purpose === 'form' && field.required ? [required()] : [];
  const disabled = purpose === 'form' && field.readOnly;
  const choices = (field.options ?? []).map((option) => ({ id: option.value, name: option.label }));
  const common = { source, label, validate, disabled, helperText: false as const };
  switch (type) {
    case 'image':
      return <ImageUploadInput source={source} label={label} />;
    case 'album':
      return <ImageUploadInput source={source} label={label} multiple />;
    case 'integer':
      return <NumberInput {...common} step={1} validate={[...validate, number(), integer]} />;
    case 'password':
      return <PasswordInput {...common} />;
    case 'textarea':
      return <TextInput {...common} multiline minRows={4} />;
    case 'date':
    case 'datetime':
    case 'time':
      return <DateKindInput kind={type} source={source} label={label} validate={validate} disabled={disabled} />;
    case 'dateRange':
      return <RangeInput kind="date" source={source} label={label} />;
    case 'datetimeRange':
      return <RangeInput kind="datetime" source={source} label={label} />;
    case 'timeRange':
      return <RangeInput kind="time" source={source} label={label} />;
    case 'select':
      // SPEC §3 clearable select: the empty choice is 全部 (all) in a search, 清空 (clear) in the form.
      return (
        <SelectInput
          {...common}
          choices={choices}
          emptyText={purpose === 'form' ? 'ra.action.clear_input_value' : 'app.list.all'}
          sx={{ minWidth: 160 }}
        />
      );
    case 'multiSelect':
      return <SelectArrayInput {...common} choices={choices} sx={{ minWidth: 200 }} />;
    case 'cascader':
    case 'cascaderSearch':
      return (
        <CascaderInput
          source={source}
          label={label}
          options={field.options ?? []}
          validate={validate}
          searchable={type === 'cascaderSearch'}
        />
      );
    case 'content':
      return <RichTextInput source={source} label={label} />;
    default:
      return purpose === 'drawerSearch' ? (
        <TextInput
          {...common}
          multiline
          rows={SEARCH_TEXT_ROWS}
          slotProps={{ htmlInput: { maxLength: SEARCH_TEXT_MAX } }}
        />
      ) : (
        <TextInput {...common} sx={purpose === 'inlineSearch' ? { minWidth: 220 } : undefined} />
      );
  }
};
