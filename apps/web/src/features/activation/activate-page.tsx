import { useSearchParams } from 'react-router-dom';
import { FormPage } from '../../components/layout/form-page';
import { ActivationForm } from './activation-form';
import { esActivation } from './es-activation';

/** /activate (login required, 002 §2.1): "Activa tu boleto", with an optional `?code=`. */
export function ActivatePage() {
  const [params] = useSearchParams();
  return (
    <FormPage title={esActivation.pageTitle}>
      <p className="activation__intro">{esActivation.intro}</p>
      <ActivationForm initialCode={params.get('code') ?? ''} />
    </FormPage>
  );
}
