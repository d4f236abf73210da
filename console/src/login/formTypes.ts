/** SPEC §2.3 form types; the messaging-app binding form ('bind') arrives with the QR login. */
export type FormType = 'login' | 'register' | 'reset';

export interface FormSwitchProps {
  onSwitch: (type: FormType) => void;
}
